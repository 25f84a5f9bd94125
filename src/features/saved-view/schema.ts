import { z } from 'zod';
import { cleanName } from '@/lib/text';
import { appConfig } from '~/app.config';
import { normalizeViewSearch, savedViewLists, type SavedViewList, type ViewSearch } from './lists';

/** A saved view as the sidebar shows and links it. */
export type SavedView = {
  id: string;
  list: SavedViewList;
  name: string;
  search: ViewSearch;
};

// Messages are i18n keys in the `savedView` namespace.

/** The view's name: cleaned like a person's name (src/lib/text.ts), so the limit applies to what is stored. */
const zSavedViewName = z
  .string({ error: 'form.name.required' })
  .overwrite(cleanName)
  .min(1, { error: 'form.name.required', abort: true })
  .max(appConfig.limits.savedViewNameMax, { error: 'form.name.max' });

/** The save and rename dialogs' form, checked the same way by the server functions. */
export const zSavedViewForm = z.object({ name: zSavedViewName });
export type SavedViewForm = z.input<typeof zSavedViewForm>;

// A URL's search params as the router hands them over: a handful of short values. Anything larger is no
// list's view and is refused before the list's validator reads it.
const zSearchValue = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);
const zRawSearch = z
  .record(z.string().max(64), zSearchValue)
  .refine((search) => Object.keys(search).length <= 30, { error: 'form.search.invalid' });

/**
 * "Save view": the list, a name and the list's search params, which come out as the list's own validator
 * reads them, defaults and cursors left out (./lists.ts): a stored view always opens its list.
 */
export const zSaveViewInput = z
  .object({ list: z.enum(savedViewLists), name: zSavedViewName, search: zRawSearch })
  .transform(({ list, name, search }) => ({ list, name, search: normalizeViewSearch(list, search) }));
export type SaveViewInput = z.input<typeof zSaveViewInput>;

// Any string is accepted: an id that is not a UUID is simply not found, never a validation error.
export const zSavedViewIdInput = z.object({ id: z.string().max(64) });

export const zRenameSavedViewInput = z.object({ id: zSavedViewIdInput.shape.id, name: zSavedViewName });
