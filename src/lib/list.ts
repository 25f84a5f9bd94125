import { z } from 'zod';
import { appConfig } from '~/app.config';
import { BULK_MAX_ROWS } from './bulk';
import { cleanName, withoutControls } from './text';

/**
 * What every list endpoint returns: one page, where the next one starts (null at the end), and how many
 * rows match. Counting stops at `appConfig.pagination.totalCap`: past it `total` is the cap and
 * `totalCapped` is true ("1,000+").
 */
export type ListPage<Item> = {
  items: Item[];
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
};

/**
 * The input of every list endpoint: the search term, the opaque cursor and an optional page size. The term
 * is cleaned like the names it is matched against (and so never carries a NUL, which Postgres refuses); a
 * cursor is only bounded here, the keyset helper refuses one it did not make.
 */
export const zListQuery = z.object({
  searchTerm: z.string().overwrite(cleanName).max(appConfig.limits.searchTermMax).default(''),
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(appConfig.pagination.maxPageSize).default(appConfig.pagination.pageSize),
});

/**
 * A bulk action's rows named one by one: distinct ids, at least one, at most `BULK_MAX_ROWS`. Controls are
 * removed (Postgres refuses a NUL in a text comparison): such an id matches no row, as any unknown one.
 */
export const zBulkIds = z
  .array(z.string().max(128).overwrite(withoutControls))
  .min(1)
  .max(BULK_MAX_ROWS)
  .transform((ids) => [...new Set(ids)]);
