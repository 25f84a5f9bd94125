import { z } from 'zod';

/** One problem with one environment variable, worded for the person starting the app. */
export type EnvIssue = { name: string; problem: string; example: string };

export class EnvError extends Error {
  readonly issues: EnvIssue[];
  constructor(issues: EnvIssue[]) {
    super(formatEnvIssues(issues));
    this.name = 'EnvError';
    this.issues = issues;
  }
}

export function formatEnvIssues(issues: EnvIssue[]): string {
  const lines = issues.map((i) => `  - ${i.name}: ${i.problem} (example: ${i.name}=${i.example})`);
  return ['Invalid environment configuration:', ...lines, 'See .env.example for every variable.'].join('\n');
}

/**
 * Parses `source` with `schema` and turns zod's issues into one readable line per variable,
 * using `examples` so each message shows a value that would work.
 */
export function parseEnv<T extends z.ZodObject>(
  schema: T,
  source: Record<string, string | undefined>,
  examples: Partial<Record<keyof z.input<T> & string, string>>,
): z.output<T> {
  // Empty strings come from `VAR=` lines in .env files and mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const seen = new Set<string>();
  const issues: EnvIssue[] = [];
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '(root)');
    if (seen.has(name)) continue;
    seen.add(name);
    const example = (examples as Record<string, string | undefined>)[name] ?? '…';
    issues.push({ name, problem: issue.message, example });
  }
  throw new EnvError(issues);
}

export const zBooleanString = z.enum(['true', 'false'], { error: "must be 'true' or 'false'" });

export const zUrl = (what = 'must be a valid URL') => z.url({ error: what, protocol: /^https?$/ });
