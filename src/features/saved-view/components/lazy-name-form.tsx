import { lazyPart } from '@/lib/lazy-part';

/**
 * The name form of the save and rename dialogs (react-hook-form, zod and the field components), fetched
 * when a dialog first opens: the sidebar and the list pages that offer the dialogs are in every manager
 * page's first download.
 */
export const LazySavedViewNameForm = lazyPart(() =>
  import('./saved-view-name-form').then((module) => module.SavedViewNameForm),
);
