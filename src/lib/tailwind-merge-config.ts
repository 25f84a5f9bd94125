import { getDefaultConfig } from 'tailwind-merge';

/**
 * tailwind-merge's configuration: its full default here (the dev server, the tests). Production builds
 * replace this module with the groups the sources use, 7 kB gzip less in every first download
 * (scripts/tailwind-merge-subset.ts).
 */
export const tailwindMergeConfig = getDefaultConfig();
