// CSV exports of the lists: the users list's current view in the manager area, the active organization's
// repositories in the app area. The file is downloaded through the page's Export button and read as a
// spreadsheet would: BOM, translated header, exactly the view's rows, formulas neutralised. Who may call the
// export routes is covered by permissions.spec.ts.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parseCsv } from '../src/test/csv.ts';
import { expect, expectAccessible, test } from './fixtures';
import { listRows } from './support/list';
import { callServerFn } from './support/server-fn';
import { newEmail, signIn, signInAdmin } from './support/session';
import { en, text } from './support/text';

const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;
const tag = () => `${Date.now().toString(36)}${randomInt(1000)}`;

// Each journey signs in, creates its rows, downloads twice or checks axe: more than the default budget on a
// loaded machine.
test.describe.configure({ timeout: 120_000 });

/** Clicks Export, waits for the file and reads it back (the BOM kept). */
async function exportFile(page: Page, buttonName: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: buttonName }).click();
  const file = await download;
  const path = await file.path();
  const bytes = readFileSync(path);
  return {
    name: file.suggestedFilename(),
    bytes,
    ...parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)),
  };
}

test('the users list exports its current view as CSV', async ({ page, visit }) => {
  await signInAdmin(page, { name: 'Ezra Export' });
  const t = tag();
  const people = [
    { name: `=HYPERLINK("http://evil.example") ${t}`, email: `formula-${t}@e2e.test` },
    { name: `Nour نور ${t}`, email: `nour-${t}@e2e.test` },
    { name: `Smith, Jane ${t}`, email: `jane-${t}@e2e.test` },
  ];
  for (const person of people) {
    const response = await page.request.post(`${ORIGIN}/api/auth/admin/create-user`, {
      headers: { origin: ORIGIN },
      data: { ...person, role: 'user' },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  await visit(`/manager/users?searchTerm=${t}&sort=email&order=asc`);
  await expect(listRows(page, en('user:pages.list'))).toHaveCount(3);
  const file = await exportFile(page, en('export.button'));

  expect(file.name).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(file.bom).toBe(true);
  expect(file.records[0]).toEqual([
    en('user:export.id'),
    en('user:list.columns.name'),
    en('user:list.columns.email'),
    en('user:list.columns.role'),
    en('user:list.columns.status'),
    en('user:export.banEnds'),
    en('user:list.columns.created'),
  ]);
  // The view's rows in its order (e-mail A–Z), nothing else.
  expect(file.records.slice(1).map((record) => [record[1], record[2]])).toEqual([
    [`'=HYPERLINK("http://evil.example") ${t}`, `formula-${t}@e2e.test`],
    [`Smith, Jane ${t}`, `jane-${t}@e2e.test`],
    [`Nour نور ${t}`, `nour-${t}@e2e.test`],
  ]);
  expect(file.records[1]?.[6]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  await expect(page.getByText(en('export.finished', { rows: 3 }))).toBeVisible();
  await expect(page.getByRole('button', { name: en('export.button') })).toBeFocused();
  await expectAccessible(page);
});

test('the app area exports only the active organization’s repositories, headed in Arabic', async ({
  page,
  context,
  visit,
}) => {
  await signIn(page, newEmail('exporter'), { name: 'Rana Export' });
  const t = tag();
  for (const name of [`=cmd|calc ${t}`, `plain ${t}`]) {
    const created = await callServerFn(page.request, ORIGIN, {
      fn: 'src/features/repository/functions.ts#$createRepository',
      method: 'POST',
      data: { name, link: 'example.com/x', description: 'two\nlines, "quoted"' },
    });
    expect(created.response.status(), created.errorMessage).toBe(200);
  }

  // The English list first: exactly the workspace's two repositories, none of another organization.
  await visit('/app/repositories');
  await expect(listRows(page, en('repository:pages.list'))).toHaveCount(2);
  const english = await exportFile(page, en('export.button'));
  expect(
    english.records
      .slice(1)
      .map((record) => record[1])
      .sort(),
  ).toEqual([`'=cmd|calc ${t}`, `plain ${t}`].sort());
  expect(new Set(english.records.slice(1).map((record) => record[3]))).toEqual(
    new Set(['two\nlines, "quoted"']),
  );
  expect(new Set(english.records.slice(1).map((record) => record[4])).size).toBe(1);

  await context.addCookies([{ name: 'i18next', value: 'ar', url: ORIGIN }]);
  await visit('/app/repositories');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabic = await exportFile(page, text('ar', 'export.button'));
  expect(arabic.records[0]).toEqual([
    text('ar', 'repository:export.id'),
    text('ar', 'repository:list.columns.name'),
    text('ar', 'repository:list.columns.link'),
    text('ar', 'repository:export.description'),
    text('ar', 'repository:list.columns.organization'),
    text('ar', 'repository:list.columns.created'),
  ]);
  expect(arabic.records).toHaveLength(3);
});
