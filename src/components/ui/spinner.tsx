import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A turning circle. Decorative: the control or region it sits in says what is loading. */
export function Spinner({ className }: { className?: string }) {
  return (
    <LoaderCircle
      aria-hidden="true"
      className={cn('size-4 animate-spin motion-reduce:animate-none', className)}
    />
  );
}
