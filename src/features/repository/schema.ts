import { z } from 'zod';
import { zBulkIds, zListQuery } from '@/lib/list';
import { sortOrders } from '@/lib/search-params';
import { zLongText, zShortText } from '@/lib/fields';
import { cleanLink } from '@/lib/text';
import { appConfig } from '~/app.config';
import { webLinkProblem } from './links';
import { repositorySorts } from './search';

/** A repository as lists show it: the description cut to an excerpt on the server. */
export type RepositoryListItem = {
  id: string;
  name: string;
  link: string;
  descriptionExcerpt: string | null;
  /** ISO 8601, like every date that travels. */
  createdAt: string;
  organization: { id: string; name: string };
};

/** A repository as its detail page shows it; dates travel as ISO strings. */
export type RepositoryDetail = {
  id: string;
  organization: { id: string; name: string };
  name: string;
  link: string;
  description: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The list endpoint's input: strict (a wrong sort is a bad request, not a silent default). */
export const zRepositoryListQuery = zListQuery.extend({
  sort: z.enum(repositorySorts).default('created'),
  order: z.enum(sortOrders).default('desc'),
  // A name cursor (up to 100 characters, 4 bytes each in UTF-8, then base64) is longer than a date one.
  cursor: z.string().max(1000).optional(),
});

// Any string is accepted: an id that is not a UUID is simply not found (404), never a validation error.
export const zRepositoryIdInput = z.object({ id: z.string().max(64) });

/** Characters of the description shown in lists; the detail page shows it whole. */
export const DESCRIPTION_EXCERPT_LENGTH = 160;

const { repositoryNameMax, repositoryLinkMin, repositoryLinkMax, repositoryDescriptionMax } =
  appConfig.limits;

// "example.com:8080/x" starts like a scheme ("example.com:"); a colon followed by a port is not one.
const EXPLICIT_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i;
const WEB_SCHEME = /^https?:\/\//i;

/**
 * The link as stored: a bare host gets `https://`; anything with a scheme is kept as typed.
 *
 * A protocol-relative link ("//example.com/x") gets `https:` rather than being refused: it names its host
 * unambiguously and means "the page's scheme", which for a link opened from this app is https, as for a
 * bare host. Prefixing it with `https://` instead stored "https:////example.com/x". Other leading slashes
 * ("///x.y", "/x.y") are left for `webLinkProblem` to refuse: there the host is a guess.
 */
function withWebScheme(link: string): string {
  if (link.startsWith('//')) return `https:${link}`;
  return EXPLICIT_SCHEME.test(link) ? link : `https://${link}`;
}

// Messages are i18n keys in the `repository` namespace; `{{repositoryLinkMin}}`-style values come from
// `appConfig.limits`. Each check aborts the rest, so a field shows one message, the first that applies.
// Every text is cleaned (src/lib/text.ts) before it is checked, so the limits apply to what is stored.

/** The name is the repository's title and must be unique: cleaned like a person's name. */
const zRepositoryName = zShortText({ field: 'name', max: repositoryNameMax });

/**
 * A web link: http or https only. A bare host ("example.com/x") becomes "https://example.com/x" and a
 * protocol-relative one ("//example.com/x") "https://example.com/x"; any other scheme (`javascript:`,
 * `data:`, `ftp:`…), a user name in the link, backslashes or a slash too many are refused, so a stored
 * link is always safe to open and opens the host it shows.
 */
const zRepositoryLink = z
  .string()
  .overwrite(cleanLink)
  .min(1, { error: 'form.link.required', abort: true })
  .min(repositoryLinkMin, { error: 'form.link.min', abort: true })
  .max(repositoryLinkMax, { error: 'form.link.max', abort: true })
  .refine((link) => !EXPLICIT_SCHEME.test(link) || WEB_SCHEME.test(link), {
    error: 'form.link.scheme',
    abort: true,
  })
  .refine((link) => link.includes('.'), { error: 'form.link.missingDot', abort: true })
  .transform(withWebScheme)
  // What is stored parses as an absolute http(s) URL whose host has a dot (./links.ts says exactly how).
  .refine((link) => webLinkProblem(link) !== 'invalid', { error: 'form.link.invalid', abort: true })
  .refine((link) => webLinkProblem(link) === null, { error: 'form.link.missingDot' });

/** Optional: blank (or absent) is stored as null. */
const zRepositoryDescription = zLongText({
  field: 'description',
  max: repositoryDescriptionMax,
  optional: true,
});

/** The create and update form, checked the same way in the browser and by the server function. */
export const zRepositoryForm = z.object({
  name: zRepositoryName,
  link: zRepositoryLink,
  description: zRepositoryDescription,
});
/** What the form holds while typing. */
export type RepositoryFormInput = z.input<typeof zRepositoryForm>;
/** What is stored: trimmed, the link with its scheme, an empty description as null. */
export type RepositoryValues = z.output<typeof zRepositoryForm>;

export const zRepositoryUpdateInput = z.object({ id: zRepositoryIdInput.shape.id, values: zRepositoryForm });

/** The manager's list across organizations: the same view, optionally one organization's repositories. */
export const zPlatformRepositoryListQuery = zRepositoryListQuery.extend({
  organizationId: z.string().max(64).optional(),
});

/** The manager's create form names the organization the repository goes to. */
export const zPlatformRepositoryCreateInput = zRepositoryForm.extend({
  organizationId: z.string().min(1, { error: 'form.organization.required' }).max(64),
});

/**
 * A bulk delete: the rows named, or every repository the list view matches (in the manager area, the
 * view's organization filter too). An id from elsewhere is answered NOT_FOUND for its row.
 */
const zBulkView = zRepositoryListQuery.pick({ searchTerm: true, sort: true, order: true });
export const zRepositoryBulkDeleteInput = z.object({
  selection: z.union([z.strictObject({ ids: zBulkIds }), z.strictObject({ view: zBulkView })]),
});
export const zPlatformRepositoryBulkDeleteInput = z.object({
  selection: z.union([
    z.strictObject({ ids: zBulkIds }),
    z.strictObject({ view: zBulkView.extend({ organizationId: z.string().max(64).optional() }) }),
  ]),
});
export type RepositoryBulkDeleteInput = z.input<typeof zPlatformRepositoryBulkDeleteInput>;
