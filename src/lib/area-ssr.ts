import { createIsomorphicFn, getGlobalStartContext } from '@tanstack/react-start';

/** How a signed-in area renders on the server (`AREA_SSR`, handed to each request by src/server.ts). */
export type AreaSsr = 'full' | 'data-only';

/**
 * The `ssr` option of the area layouts (/app, /manager): `'data-only'` runs their guards and loaders on
 * the server and sends the data, the browser renders the page (the layout's skeleton until then); `true`
 * renders it into the HTML. Only the server asks: the browser takes each match's mode from the page.
 */
export const areaSsr = createIsomorphicFn()
  .server((): true | 'data-only' =>
    (getGlobalStartContext() as { areaSsr?: AreaSsr } | undefined)?.areaSsr === 'data-only'
      ? 'data-only'
      : true,
  )
  .client((): true | 'data-only' => true);
