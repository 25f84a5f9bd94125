import { UAParser } from 'ua-parser-js';

/** Browser and system of a stored User-Agent, as "Firefox 128" / "Windows 10"; null when unknown. */
export function describeUserAgent(userAgent: string | null | undefined): {
  browser: string | null;
  os: string | null;
} {
  const { browser, os } = UAParser(userAgent ?? '');
  return {
    browser: [browser.name, browser.major].filter(Boolean).join(' ') || null,
    os: [os.name, os.version].filter(Boolean).join(' ') || null,
  };
}
