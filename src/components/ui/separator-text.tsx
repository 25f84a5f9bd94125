/** A horizontal rule with a word in the middle ("OR"), read once by screen readers. */
export function SeparatorText({ children }: { children: string }) {
  return (
    <div className="flex items-center gap-3 text-xs font-medium text-muted-foreground uppercase">
      <span className="h-px flex-1 bg-border" aria-hidden />
      <span>{children}</span>
      <span className="h-px flex-1 bg-border" aria-hidden />
    </div>
  );
}
