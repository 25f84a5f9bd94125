import type { ReactNode } from 'react';

/** A label and its value in a card's description list (`<dl>`). */
export function DescriptionItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-start">{children}</dd>
    </div>
  );
}
