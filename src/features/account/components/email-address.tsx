/**
 * An e-mail address shown on its own: read left to right (also in Arabic) and allowed to break anywhere,
 * so a long address wraps instead of pushing the layout wider than the screen.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  return (
    <bdi dir="ltr" className={className ?? 'min-w-0 [overflow-wrap:anywhere]'}>
      {email}
    </bdi>
  );
}
