import { z } from 'zod';
import { appConfig } from '~/app.config';

/** What every list endpoint returns: one page, where the next one starts (null at the end), and the total. */
export type ListPage<Item> = { items: Item[]; nextCursor: string | null; total: number };

/** The input of every list endpoint: the search term, the opaque cursor and an optional page size. */
export const zListQuery = z.object({
  searchTerm: z.string().trim().max(appConfig.limits.searchTermMax).default(''),
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(appConfig.pagination.maxPageSize).default(appConfig.pagination.pageSize),
});

export type ListQuery = z.input<typeof zListQuery>;
