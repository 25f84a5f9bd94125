import { cn } from '@/lib/utils';

/** Up to two letters from the name's words, else the e-mail's first letter; never empty. */
function initialsOf(name: string, email = ''): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('');
  return (letters || Array.from(email.trim())[0] || '?').toLocaleUpperCase();
}

/** A round avatar: the user's picture when there is one, their initials otherwise. */
export function Avatar({
  name,
  email,
  image,
  size = 'md',
  className,
}: {
  name: string;
  email?: string;
  image?: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl' };
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted font-medium text-foreground',
        sizes[size],
        className,
      )}
      aria-hidden="true"
    >
      {image ? (
        <img src={image} alt="" className="size-full object-cover" referrerPolicy="no-referrer" />
      ) : (
        initialsOf(name, email)
      )}
    </span>
  );
}
