/**
 * Makes CSS media queries answer as on a viewport `width` px wide (jsdom has no layout): `(min-width: Npx)`
 * matches from N up, anything else never matches.
 */
export function stubViewport(width: number): void {
  window.matchMedia = (query: string) => {
    const minWidth = /min-width:\s*(\d+)px/.exec(query)?.[1];
    // jsdom has no MediaQueryList: the components read `matches` and (un)subscribe, nothing more.
    return {
      matches: minWidth !== undefined && width >= Number(minWidth),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    } as unknown as MediaQueryList;
  };
}

export const PHONE_WIDTH = 390;
export const DESKTOP_WIDTH = 1280;
