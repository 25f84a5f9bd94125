import { z } from 'zod';
import { zListQuery } from '@/lib/list';
import { cleanLink, cleanMultiline, cleanName } from '@/lib/text';
import { appConfig } from '~/app.config';
import { safeExternalUrl } from './links';

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

const { repositoryNameMax, repositoryLinkMin, repositoryLinkMax, repositoryDescriptionMax } =
  appConfig.limits;

// "example.com:8080/x" starts like a scheme ("example.com:"); a colon followed by a port is not one.
const EXPLICIT_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i;
const WEB_SCHEME = /^https?:\/\//i;

/** The link as stored: a bare host gets `https://`; anything with a scheme is kept as typed. */
function withWebScheme(link: string): string {
  return EXPLICIT_SCHEME.test(link) ? link : `https://${link}`;
}

function isWebUrl(link: string): boolean {
  const url = safeExternalUrl(link);
  // A host made of dots only ("https://.") parses but leads nowhere.
  return url !== null && /[^.]/.test(url.hostname);
}

// Messages are i18n keys in the `repository` namespace; `{{repositoryLinkMin}}`-style values come from
// `appConfig.limits`. Each check aborts the rest, so a field shows one message, the first that applies.
// Every text is cleaned (src/lib/text.ts) before it is checked, so the limits apply to what is stored.

/** The name is the repository's title and must be unique: cleaned like a person's name. */
export const zRepositoryName = z
  .string()
  .overwrite(cleanName)
  .min(1, { error: 'form.name.required', abort: true })
  .max(repositoryNameMax, { error: 'form.name.max', abort: true });

/**
 * A web link: http or https only. A bare host ("example.com/x") becomes "https://example.com/x"; any other
 * scheme (`javascript:`, `data:`, `ftp:`…) is refused, so a stored link is always safe to open.
 */
export const zRepositoryLink = z
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
  .refine(isWebUrl, { error: 'form.link.invalid' });

/** Optional: blank (or absent) is stored as null. */
export const zRepositoryDescription = z
  .string()
  .overwrite(cleanMultiline)
  .max(repositoryDescriptionMax, { error: 'form.description.max' })
  .nullish()
  .transform((description) => description || null);

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
