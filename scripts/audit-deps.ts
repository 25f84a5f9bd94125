// `node scripts/audit-deps.ts`: fails (exit 1) when an installed package has a known high or critical
// advisory. Two sources: the registry's audit service through `pnpm audit` (when it answers), and the
// project's own list, docs/security/advisories.json, checked against every package in pnpm-lock.yaml
// (direct and transitive, all importers). The list holds what the project knows without asking the
// registry, such as the version floors of the production-hardening issue, and is checked every time.
//
//   --lockfile <path>     pnpm-lock.yaml to read (default: ./pnpm-lock.yaml)
//   --advisories <path>   the advisory list (default: ./docs/security/advisories.json)
//   --skip-registry       do not ask the registry (offline runs, tests)
//   --timeout <ms>        how long `pnpm audit` may take (default: 60000)
//
// Exit codes: 0 nothing high or critical, 1 something is, 2 the lockfile or the list cannot be read.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const severities = ['info', 'low', 'moderate', 'high', 'critical'] as const;
export type Severity = (typeof severities)[number];
const FAILING: readonly Severity[] = ['high', 'critical'];

export type InstalledPackage = { name: string; version: string };

/** One entry of docs/security/advisories.json. */
export type Advisory = {
  id: string;
  package: string;
  /** npm range syntax, e.g. "<1.6.26" or ">=2.0.0 <2.3.1 || <1.9.4". */
  vulnerable: string;
  /** The first version without the problem, shown in the report. */
  fixed: string | null;
  severity: Severity;
  title: string;
  url: string | null;
};

export type Finding = { packageName: string; version: string; advisory: Advisory };

// ---------------------------------------------------------------------------------------------------------
// Versions and ranges: the part of semver the advisory list uses, so no dependency is needed.

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]+)?$/;

type Parsed = { core: [number, number, number]; prerelease: string[] };

function parseVersion(version: string): Parsed | null {
  const match = VERSION.exec(version.trim());
  if (!match) return null;
  return {
    core: [Number(match[1]), Number(match[2]), Number(match[3])],
    prerelease: match[4] ? match[4].split('.') : [],
  };
}

export function isVersion(version: string): boolean {
  return parseVersion(version) !== null;
}

function compareIdentifiers(a: string, b: string): number {
  const numericA = /^\d+$/.test(a);
  const numericB = /^\d+$/.test(b);
  if (numericA && numericB) return Math.sign(Number(a) - Number(b));
  // Numeric identifiers always have lower precedence than alphanumeric ones.
  if (numericA !== numericB) return numericA ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Semver 2.0 precedence: -1, 0 or 1. Build metadata is ignored. Throws on something that is not x.y.z. */
export function compareVersions(a: string, b: string): number {
  const left = parseVersion(a);
  const right = parseVersion(b);
  if (!left || !right) throw new Error(`not a version: ${left ? b : a}`);
  for (let i = 0; i < 3; i += 1) {
    const difference = Math.sign((left.core[i] ?? 0) - (right.core[i] ?? 0));
    if (difference !== 0) return difference;
  }
  // A release ranks above its prereleases: 1.6.26-beta.1 < 1.6.26.
  if (left.prerelease.length === 0 || right.prerelease.length === 0) {
    return Math.sign(right.prerelease.length - left.prerelease.length);
  }
  const length = Math.max(left.prerelease.length, right.prerelease.length);
  for (let i = 0; i < length; i += 1) {
    const x = left.prerelease[i];
    const y = right.prerelease[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const difference = compareIdentifiers(x, y);
    if (difference !== 0) return difference;
  }
  return 0;
}

const COMPARATOR = /^(<=|>=|<|>|=)?\s*(\S+)$/;

/** Throws when the range uses anything but `<`, `<=`, `>`, `>=`, `=` with full versions, spaces and `||`. */
function parseRange(range: string): { operator: string; version: string }[][] {
  const alternatives = range.split('||').map((alternative) =>
    alternative
      .trim()
      .replace(/(<=|>=|<|>|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean)
      .map((part) => {
        const match = COMPARATOR.exec(part);
        if (!match?.[2] || !isVersion(match[2])) throw new Error(`unsupported range "${range}"`);
        return { operator: match[1] ?? '=', version: match[2] };
      }),
  );
  if (alternatives.some((comparators) => comparators.length === 0)) {
    throw new Error(`unsupported range "${range}"`);
  }
  return alternatives;
}

/**
 * Whether `version` is in `range`. Prereleases are compared by precedence only (node-semver would leave
 * 1.6.26-beta.1 out of "<1.6.26" unless asked): for a vulnerability check, counting them in is the safe side.
 */
export function satisfies(version: string, range: string): boolean {
  return parseRange(range).some((comparators) =>
    comparators.every(({ operator, version: bound }) => {
      const order = compareVersions(version, bound);
      switch (operator) {
        case '<':
          return order < 0;
        case '<=':
          return order <= 0;
        case '>':
          return order > 0;
        case '>=':
          return order >= 0;
        default:
          return order === 0;
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------
// The lockfile: only the keys of its `packages:` section are needed, so no YAML parser either.

/**
 * Every resolved package of a pnpm lockfile (v9: `'@scope/name@1.2.3':` or `name@1.2.3:` under
 * `packages:`; older lockfiles put a `/` in front). Each name@version once; peer suffixes are dropped.
 */
export function lockfilePackages(lockfile: string): InstalledPackage[] {
  const found = new Map<string, InstalledPackage>();
  let inPackages = false;
  for (const line of lockfile.split(/\r?\n/)) {
    if (/^\S/.test(line)) {
      inPackages = line.trimEnd() === 'packages:';
      continue;
    }
    const key = inPackages ? /^ {2}(\S.*):\s*$/.exec(line)?.[1] : undefined;
    if (!key) continue;
    const spec = key.replace(/^(['"])(.*)\1$/, '$2').replace(/^\//, '');
    // The name's own `@` (a scope) is at index 0; the version starts after the last `@` past it.
    const at = spec.indexOf('@', 1);
    if (at <= 0) continue;
    const name = spec.slice(0, at);
    const version = spec.slice(at + 1).replace(/\(.*$/, '');
    found.set(`${name}@${version}`, { name, version });
  }
  return [...found.values()];
}

// ---------------------------------------------------------------------------------------------------------
// The advisory list.

function text(value: unknown, field: string, where: string): string {
  if (typeof value !== 'string' || !value.trim())
    throw new Error(`${where}: "${field}" must be a non-empty string`);
  return value;
}

/** Reads and checks docs/security/advisories.json; throws with the entry at fault. */
export function parseAdvisories(json: string): Advisory[] {
  const data: unknown = JSON.parse(json);
  const list = (data as { advisories?: unknown } | null)?.advisories;
  if (!Array.isArray(list)) throw new Error('the file must be an object with an "advisories" array');
  return list.map((entry: Record<string, unknown>, index): Advisory => {
    const where = `advisories[${index}]`;
    if (typeof entry !== 'object' || entry === null) throw new Error(`${where}: must be an object`);
    const severity = text(entry.severity, 'severity', where);
    if (!(severities as readonly string[]).includes(severity)) {
      throw new Error(`${where}: "severity" must be one of ${severities.join(', ')}`);
    }
    const vulnerable = text(entry.vulnerable, 'vulnerable', where);
    parseRange(vulnerable);
    const fixed =
      entry.fixed === undefined || entry.fixed === null ? null : text(entry.fixed, 'fixed', where);
    if (fixed !== null && !isVersion(fixed)) throw new Error(`${where}: "fixed" must be a version`);
    const url = entry.url === undefined || entry.url === null ? null : text(entry.url, 'url', where);
    return {
      id: text(entry.id, 'id', where),
      package: text(entry.package, 'package', where),
      vulnerable,
      fixed,
      severity: severity as Severity,
      title: text(entry.title, 'title', where),
      url,
    };
  });
}

/** Each installed package that falls in an advisory's vulnerable range. */
export function matchAdvisories(installed: InstalledPackage[], advisories: Advisory[]): Finding[] {
  const findings: Finding[] = [];
  for (const advisory of advisories) {
    for (const pkg of installed) {
      // A package from git or a tarball has no registry version to compare; registry advisories skip it too.
      if (
        pkg.name === advisory.package &&
        isVersion(pkg.version) &&
        satisfies(pkg.version, advisory.vulnerable)
      ) {
        findings.push({ packageName: pkg.name, version: pkg.version, advisory });
      }
    }
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------------------
// The registry, through `pnpm audit`.

export type RegistryAnswer = { answered: true; findings: Finding[] } | { answered: false; reason: string };

type AuditJsonAdvisory = {
  id?: number | string;
  github_advisory_id?: string;
  module_name?: string;
  severity?: string;
  title?: string;
  url?: string;
  vulnerable_versions?: string;
  patched_versions?: string;
  findings?: { version?: string }[];
};

/**
 * `pnpm audit --json` output (npm's v1 audit shape: `advisories` by id, each with its `findings`) as
 * findings; null when the output is not an audit report (an error, or a shape this script does not know).
 * An unknown severity counts as critical: a report that cannot be read must not pass.
 */
export function parseAuditReport(stdout: string): Finding[] | null {
  let report: unknown;
  try {
    report = JSON.parse(stdout.slice(Math.max(0, stdout.indexOf('{'))));
  } catch {
    return null;
  }
  const advisories = (report as { advisories?: unknown } | null)?.advisories;
  if (typeof advisories !== 'object' || advisories === null) return null;
  return Object.values(advisories as Record<string, AuditJsonAdvisory>).flatMap((entry) => {
    const severity = (severities as readonly string[]).includes(entry.severity ?? '')
      ? (entry.severity as Severity)
      : 'critical';
    const advisory: Advisory = {
      id: String(entry.github_advisory_id ?? entry.id ?? 'unknown'),
      package: entry.module_name ?? 'unknown',
      vulnerable: entry.vulnerable_versions ?? '*',
      fixed: entry.patched_versions ?? null,
      severity,
      title: entry.title ?? '',
      url: entry.url ?? null,
    };
    const versions = [...new Set((entry.findings ?? []).map((finding) => finding.version ?? '?'))];
    return (versions.length > 0 ? versions : ['?']).map((version) => ({
      packageName: advisory.package,
      version,
      advisory,
    }));
  });
}

/** One line saying why the registry gave no report (pnpm's error code and the HTTP status, when given). */
function whyNoReport(result: ReturnType<typeof spawnSync>): string {
  if (result.error) {
    const code = (result.error as NodeJS.ErrnoException).code;
    return code === 'ETIMEDOUT'
      ? 'pnpm audit timed out'
      : `pnpm audit could not run (${code ?? result.error.message})`;
  }
  const output = `${String(result.stdout)}\n${String(result.stderr)}`;
  const code = /ERR_PNPM_[A-Z_]+/.exec(output)?.[0];
  const status = /responded with (\d{3})/.exec(output)?.[1];
  if (code) return `pnpm audit failed with ${code}${status ? ` (HTTP ${status})` : ''}`;
  return `pnpm audit gave no report (exit code ${result.status ?? result.signal})`;
}

export function askRegistry(timeoutMs: number): RegistryAnswer {
  const result = spawnSync('pnpm', ['audit', '--audit-level', 'high', '--json'], {
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
    // `pnpm audit` may not read stdin; closed, it can never wait for a prompt.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const findings = result.error ? null : parseAuditReport(String(result.stdout));
  return findings ? { answered: true, findings } : { answered: false, reason: whyNoReport(result) };
}

// ---------------------------------------------------------------------------------------------------------

export function describeFinding({ packageName, version, advisory }: Finding): string {
  const fixed = advisory.fixed ? `, fixed in ${advisory.fixed}` : '';
  const link = advisory.url ? ` ${advisory.url}` : '';
  return `${packageName}@${version} [${advisory.severity}] ${advisory.title} (vulnerable ${advisory.vulnerable}${fixed}; ${advisory.id})${link}`;
}

const failing = (finding: Finding) => FAILING.includes(finding.advisory.severity);

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

function main(args: string[]): number {
  const lockfilePath = option(args, '--lockfile') ?? 'pnpm-lock.yaml';
  const advisoriesPath = option(args, '--advisories') ?? 'docs/security/advisories.json';
  const timeoutMs = Number(option(args, '--timeout') ?? 60_000);

  let installed: InstalledPackage[];
  let advisories: Advisory[];
  try {
    installed = lockfilePackages(readFileSync(lockfilePath, 'utf8'));
    advisories = parseAdvisories(readFileSync(advisoriesPath, 'utf8'));
  } catch (error) {
    console.error(`✖ audit-deps: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  if (installed.length === 0) {
    console.error(`✖ audit-deps: no packages found in ${lockfilePath}`);
    return 2;
  }

  const findings: Finding[] = [];
  if (args.includes('--skip-registry')) {
    console.info('Registry audit skipped (--skip-registry).');
  } else {
    const answer = askRegistry(timeoutMs);
    if (answer.answered) {
      console.info(`Registry audit: ${answer.findings.filter(failing).length} high or critical.`);
      findings.push(...answer.findings);
    } else {
      console.info(`Registry audit unavailable: ${answer.reason}; using ${advisoriesPath} only.`);
    }
  }
  const listed = matchAdvisories(installed, advisories);
  console.info(
    `${advisoriesPath}: ${advisories.length} advisories checked against ${installed.length} packages in ${lockfilePath}.`,
  );
  findings.push(...listed);

  for (const finding of findings.filter((f) => !failing(f)))
    console.info(`  note: ${describeFinding(finding)}`);
  const blocking = findings.filter(failing);
  if (blocking.length === 0) {
    console.info('✔ No known high or critical advisory affects an installed package.');
    return 0;
  }
  console.error(`✖ ${blocking.length} installed package version(s) with a high or critical advisory:`);
  for (const finding of blocking) console.error(`  ${describeFinding(finding)}`);
  return 1;
}

// Run as a script, not when a test imports it (`import.meta.main` is missing on older Node versions).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(main(process.argv.slice(2)));
}
