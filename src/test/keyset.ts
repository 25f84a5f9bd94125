/** One page of a keyset list, as the list functions of src/features/*\/data.server.ts return it. */
type Page<Item> = { items: Item[]; nextCursor: string | null };

/**
 * Every item of a keyset list, page after page from the first, through `fetchPage` (the list's own
 * function): what a reader who pages to the end sees, for tests to compare with an export or with SQL.
 */
export async function readAllPages<Item>(
  fetchPage: (cursor: string | undefined) => Promise<Page<Item>>,
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}
