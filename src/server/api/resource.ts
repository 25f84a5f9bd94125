import '@tanstack/react-start/server-only';
import type { z } from 'zod';
import type { ListPage } from '@/lib/list';
import type { Database } from '@/server/db/client';

/** Who makes a change through the public API, for the audit log: no user (the key is named by its scope). */
export type ApiActor = { userId: null; ip: string | null };

/**
 * One collection of the public API (`/api/v1/<collection>`): a tenant-owned entity's own list, read,
 * create, update and delete, always within the calling key's organization, and the zod schemas the
 * app's server functions validate with, from which the OpenAPI document is made. A feature gives its
 * entity one in `api.server.ts`; ./resources.ts lists them (pnpm scaffold:entity adds a line). Each
 * function takes the database last, as the data modules do (the app's by default; a test passes its own).
 */
export type ApiResource = {
  /** The entity's noun: its i18n namespace (validation messages) and audit noun. */
  noun: string;
  /** The plural in the paths and the scopes (`repositories:read`). */
  collection: string;
  /** English, for the reference: "Repositories". */
  title: string;
  /** The list page's query (search, filters, sort, keyset cursor, page size), read from the URL. */
  listQuery: z.ZodObject;
  /** The fields a create takes, and an update (each one optional in a PATCH) — the form's schema. */
  form: z.ZodObject;
  /** A row as the list answers it, and one as a read answers it. */
  listItem: z.ZodObject;
  item: z.ZodObject;
  list: (organizationId: string, query: never, db?: Database) => Promise<ListPage<unknown>>;
  get: (organizationId: string, id: string, db?: Database) => Promise<unknown>;
  create: (organizationId: string, values: never, actor: ApiActor, db?: Database) => Promise<unknown>;
  update: (
    organizationId: string,
    id: string,
    values: never,
    actor: ApiActor,
    db?: Database,
  ) => Promise<unknown>;
  remove: (organizationId: string, id: string, actor: ApiActor, db?: Database) => Promise<boolean>;
};
