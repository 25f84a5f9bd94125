// The rows of a DataList as the screen shows them: a table's body rows from 768 px, the list's items below.
// Both layouts are in the page; CSS hides one, and role locators skip what is hidden.
import type { Locator, Page } from '@playwright/test';

/** Rows of the list or table named `name` (the page's title); of the main landmark's only one without. */
export function listRows(page: Page, name?: string): Locator {
  const scope = page.getByRole('main');
  const named = name === undefined ? {} : { name, exact: true };
  const items = scope.getByRole('list', named).getByRole('listitem');
  // Body rows only: the header row holds column headers, not cells.
  const rows = scope
    .getByRole('table', named)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  return items.or(rows);
}
