import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Select } from './select';

/** A `Select` with its label above it, for a list's filters and order. */
export function LabelledSelect({
  label,
  icon,
  value,
  onChange,
  children,
}: {
  label: string;
  icon: LucideIcon;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <Select id={id} icon={icon} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </Select>
    </div>
  );
}
