import { z } from 'zod';
import { zListQuery } from '@/lib/list';

/** A repository as lists show it: the description cut to an excerpt on the server. */
export type RepositoryListItem = {
  id: string;
  name: string;
  link: string;
  descriptionExcerpt: string | null;
};

/** A repository as its detail page shows it; dates travel as ISO strings. */
export type RepositoryDetail = {
  id: string;
  name: string;
  link: string;
  description: string | null;
  createdAt: string;
  updatedAt: string;
};

export const zRepositoryListQuery = zListQuery;
export type RepositoryListQuery = z.input<typeof zRepositoryListQuery>;

// Any string is accepted: an id that is not a UUID is simply not found (404), never a validation error.
export const zRepositoryIdInput = z.object({ id: z.string().max(64) });

/** Characters of the description shown in lists; the detail page shows it whole. */
export const DESCRIPTION_EXCERPT_LENGTH = 160;

/**
 * The link as a URL only when it is http(s): anything else (`javascript:`, `data:`, a bare word) must
 * never become a clickable link.
 */
export function safeExternalUrl(link: string): URL | null {
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
