// A reader of Prometheus's text exposition format (version 0.0.4), for tests that scrape /api/metrics:
// strict, so an answer a Prometheus server would refuse fails the test that reads it. prom-client has no
// parser of its own; this one follows the format's grammar
// (https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format).

type Sample = { name: string; labels: Record<string, string>; value: number };

export type MetricFamily = {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
};

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
/** The series a histogram or summary family writes beside its own name. */
const SUFFIXES = ['_bucket', '_sum', '_count'];

function unescape(text: string, quotes: boolean): string {
  return text.replace(/\\(.)/g, (whole, char: string) => {
    if (char === 'n') return '\n';
    if (char === '\\') return '\\';
    if (char === '"' && quotes) return '"';
    return whole;
  });
}

/** A float as Go's ParseFloat reads it, which is what Prometheus does: `NaN` and `Inf` in any case too. */
function parseValue(text: string, line: string): number {
  if (/^\+?inf(inity)?$/i.test(text)) return Infinity;
  if (/^-inf(inity)?$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`not a number in: ${line}`);
  return value;
}

/** `{a="1",b="x"}` at the start of `rest`: the labels and what follows the closing brace. */
function parseLabels(rest: string, line: string): { labels: Record<string, string>; after: string } {
  const labels: Record<string, string> = {};
  let text = rest.slice(1);
  for (;;) {
    text = text.trimStart();
    if (text.startsWith('}')) return { labels, after: text.slice(1) };
    const name = LABEL_NAME.exec(text)?.[0];
    if (!name) throw new Error(`bad label name in: ${line}`);
    text = text.slice(name.length).trimStart();
    if (!text.startsWith('="')) throw new Error(`label ${name} without ="…" in: ${line}`);
    text = text.slice(2);
    const end = /^(?:[^"\\]|\\.)*"/.exec(text)?.[0];
    if (end === undefined) throw new Error(`unterminated value of ${name} in: ${line}`);
    if (name in labels) throw new Error(`label ${name} twice in: ${line}`);
    labels[name] = unescape(end.slice(0, -1), true);
    text = text.slice(end.length).trimStart();
    if (text.startsWith(',')) text = text.slice(1);
    else if (!text.startsWith('}')) throw new Error(`expected , or } after ${name} in: ${line}`);
  }
}

/** Every metric family in `text`, by name; throws on the first line that breaks the format. */
export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const family = (name: string) => {
    let found = families.get(name);
    if (!found) {
      found = { name, type: 'untyped', help: '', samples: [] };
      families.set(name, found);
    }
    return found;
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const comment = /^#\s+(HELP|TYPE)\s+([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\s+(.*))?$/.exec(line);
      if (!comment) continue;
      const [, keyword, name = '', rest = ''] = comment;
      if (keyword === 'HELP') family(name).help = unescape(rest, false);
      else {
        if (!TYPES.has(rest)) throw new Error(`unknown type in: ${line}`);
        const target = family(name);
        if (target.samples.length) throw new Error(`TYPE after the samples of ${name}: ${line}`);
        target.type = rest as MetricFamily['type'];
      }
      continue;
    }
    const name = NAME.exec(line)?.[0];
    if (!name) throw new Error(`bad metric name in: ${line}`);
    let rest = line.slice(name.length);
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) ({ labels, after: rest } = parseLabels(rest, line));
    const fields = rest.trim().split(/\s+/);
    if (!/^[ \t]/.test(rest) || fields.length > 2)
      throw new Error(`expected a value (and maybe a timestamp) in: ${line}`);
    const value = parseValue(fields[0] ?? '', line);
    if (fields[1] !== undefined && !/^-?\d+$/.test(fields[1])) throw new Error(`bad timestamp in: ${line}`);
    // A histogram's `x_bucket` belongs to `x`; a name declared as itself stays its own.
    const base = families.has(name)
      ? name
      : (SUFFIXES.filter((suffix) => name.endsWith(suffix))
          .map((suffix) => name.slice(0, -suffix.length))
          .find((stem) => ['histogram', 'summary'].includes(families.get(stem)?.type ?? '')) ?? name);
    family(base).samples.push({ name, labels, value });
  }
  return families;
}

/** The value of the one sample named `name` whose labels include `labels`, or undefined. */
export function sampleValue(
  families: Map<string, MetricFamily>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const { samples } of families.values()) {
    for (const sample of samples) {
      if (sample.name !== name) continue;
      if (Object.entries(labels).every(([key, value]) => sample.labels[key] === value)) return sample.value;
    }
  }
  return undefined;
}
