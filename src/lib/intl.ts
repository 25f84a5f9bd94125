// Intl formatters, one per language and options for the life of the process: building one costs about
// 0.05 ms, and a list page built two or three in every server render (issue 32 §1's profile).

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function kept<Formatter extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => Formatter) {
  let formatter = formatters.get(key) as Formatter | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `new Intl.DateTimeFormat(language, options)`, made once. */
export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(
    `date ${language} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(language, options),
  );
}

/** `new Intl.NumberFormat(language, options)`, made once. */
export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(
    `number ${language} ${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(language, options),
  );
}
