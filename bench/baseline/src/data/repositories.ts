// The data floor's one server function: what any signed-in list page must do at the least. It checks the
// signed session cookie (HMAC, as better-auth signs it) with one query, then runs the product's own
// repositories-list SQL (bench/list-sql.ts: the page and the count, at once) through postgres.js.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServerFn } from '@tanstack/react-start';
import { getCookie } from '@tanstack/react-start/server';
import postgres from 'postgres';
import { repositoryListSql, sessionLookupSql } from '../../../list-sql.ts';

const PAGE_SIZE = 20;
// better-auth's name for it, with the prefix it adds when the site is (or counts as) https.
const COOKIES = ['__Secure-better-auth.session_token', 'better-auth.session_token'];

let client: postgres.Sql | undefined;
const db = () => (client ??= postgres(process.env.DATABASE_URL ?? '', { max: 10 }));

export type RepositoryRow = {
  id: string;
  name: string;
  link: string | null;
  description: string | null;
  createdAt: string;
};

/** The token of a signed cookie value (`token.signature`), or undefined when the signature is wrong. */
function verifiedToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const at = value.lastIndexOf('.');
  const token = value.slice(0, at);
  const signature = Buffer.from(value.slice(at + 1), 'base64');
  const expected = createHmac('sha256', process.env.BETTER_AUTH_SECRET ?? '')
    .update(token)
    .digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : undefined;
}

export const $listRepositories = createServerFn({ method: 'GET' }).handler(
  async (): Promise<{ items: RepositoryRow[]; total: number }> => {
    const token = verifiedToken(COOKIES.map((name) => getCookie(name)).find(Boolean));
    if (!token) throw new Error('UNAUTHORIZED: no signed session cookie');
    const lookup = sessionLookupSql(token);
    const [session] = await db().unsafe(lookup.text, lookup.params, { prepare: false });
    if (!session || new Date(session.expires_at as string) <= new Date()) {
      throw new Error('UNAUTHORIZED: no live session');
    }
    if (!session.active_organization_id) throw new Error('NO_ACTIVE_ORGANIZATION');
    const list = repositoryListSql(String(session.active_organization_id), '', PAGE_SIZE);
    const [rows, counted] = await Promise.all([
      db().unsafe(list.page.text, list.page.params, { prepare: false }).values(),
      db().unsafe(list.count.text, list.count.params, { prepare: false }),
    ]);
    return {
      items: rows.slice(0, PAGE_SIZE).map((row) => ({
        id: String(row[0]),
        name: String(row[1]),
        link: row[2] === null ? null : String(row[2]),
        description: row[3] === null ? null : String(row[3]),
        createdAt: String(row[4]),
      })),
      total: Math.min(Number(counted[0]?.count ?? 0), list.cap),
    };
  },
);
