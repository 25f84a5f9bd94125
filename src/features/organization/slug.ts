// Apart from schema.ts: the switcher needs it, and schema.ts brings zod to every page that imports it.

/** A slug for a new organization: its name's letters and digits, and a random end so two never collide. */
export function slugFor(name: string): string {
  const stem = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const suffix = crypto.randomUUID().slice(0, 6);
  return stem ? `${stem}-${suffix}` : `organization-${suffix}`;
}
