import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Advisory,
  compareVersions,
  lockfilePackages,
  matchAdvisories,
  parseAdvisories,
  parseAuditReport,
  satisfies,
} from './audit-deps.ts';

describe('compareVersions', () => {
  it('orders by major, minor and patch as numbers', () => {
    expect(compareVersions('1.6.26', '1.6.26')).toBe(0);
    expect(compareVersions('1.6.25', '1.6.26')).toBe(-1);
    expect(compareVersions('1.6.100', '1.6.26')).toBe(1);
    expect(compareVersions('0.45.2', '0.45.10')).toBe(-1);
    expect(compareVersions('2.0.0', '1.99.99')).toBe(1);
  });

  it('puts prereleases below their release, in semver order', () => {
    const ordered = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
    ];
    for (let i = 0; i + 1 < ordered.length; i += 1) {
      expect(
        compareVersions(ordered[i] ?? '', ordered[i + 1] ?? ''),
        `${ordered[i]} < ${ordered[i + 1]}`,
      ).toBe(-1);
      expect(compareVersions(ordered[i + 1] ?? '', ordered[i] ?? '')).toBe(1);
    }
  });

  it('ignores build metadata and refuses what is not a version', () => {
    expect(compareVersions('1.2.3+build.5', '1.2.3')).toBe(0);
    expect(() => compareVersions('1.2', '1.2.0')).toThrow('not a version');
  });
});

describe('satisfies', () => {
  it('reads the comparators, "and" by spaces and "or" by ||', () => {
    expect(satisfies('1.6.25', '<1.6.26')).toBe(true);
    expect(satisfies('1.6.26', '<1.6.26')).toBe(false);
    expect(satisfies('1.7.25', '<1.6.26')).toBe(false);
    expect(satisfies('2.1.0', '>=2.0.0 <2.3.1')).toBe(true);
    expect(satisfies('2.3.1', '>= 2.0.0 < 2.3.1')).toBe(false);
    expect(satisfies('1.9.3', '>=2.0.0 <2.3.1 || <1.9.4')).toBe(true);
    expect(satisfies('1.2.3', '1.2.3')).toBe(true);
    expect(satisfies('1.2.3', '=1.2.4')).toBe(false);
    expect(satisfies('1.2.3', '<=1.2.3')).toBe(true);
    expect(satisfies('1.2.4', '>1.2.3')).toBe(true);
  });

  it('counts a prerelease of the fixed version as vulnerable', () => {
    expect(satisfies('1.6.26-beta.1', '<1.6.26')).toBe(true);
    expect(satisfies('1.6.26-beta.1', '<1.6.25')).toBe(false);
  });

  it('refuses ranges it cannot read rather than guessing', () => {
    for (const range of ['^1.2.3', '~1.2.3', '1.x', '<1.2', '', '>=1.0.0 ||']) {
      expect(() => satisfies('1.0.0', range), range).toThrow('unsupported range');
    }
  });
});

const fixtureLockfile = `lockfileVersion: '9.0'

settings:
  autoInstallPeers: true

importers:

  .:
    dependencies:
      better-auth:
        specifier: 1.5.0
        version: 1.5.0(react@19.3.1)

  packages/web:
    dependencies:
      drizzle-orm:
        specifier: 0.45.4
        version: 0.45.4

packages:

  '@tanstack/start-server-core@1.167.29':
    resolution: {integrity: sha512-x}

  better-auth@1.5.0:
    resolution: {integrity: sha512-y}
    peerDependencies:
      react: ^19

  drizzle-orm@0.45.4:
    resolution: {integrity: sha512-z}

  gensync@1.0.0-beta.2:
    resolution: {integrity: sha512-w}

  react@19.3.1:
    resolution: {integrity: sha512-v}

snapshots:

  better-auth@1.5.0(react@19.3.1):
    dependencies:
      react: 19.3.1

  transitive-only-in-snapshots@9.9.9: {}
`;

describe('lockfilePackages', () => {
  it('lists every resolved package of the packages section, scoped or not, with prereleases', () => {
    expect(lockfilePackages(fixtureLockfile)).toEqual([
      { name: '@tanstack/start-server-core', version: '1.167.29' },
      { name: 'better-auth', version: '1.5.0' },
      { name: 'drizzle-orm', version: '0.45.4' },
      { name: 'gensync', version: '1.0.0-beta.2' },
      { name: 'react', version: '19.3.1' },
    ]);
  });

  it('reads older lockfiles, whose keys start with a slash', () => {
    expect(
      lockfilePackages("packages:\n\n  /left-pad@1.3.0:\n    resolution: {}\n  '/@scope/x@2.0.0':\n"),
    ).toEqual([
      { name: 'left-pad', version: '1.3.0' },
      { name: '@scope/x', version: '2.0.0' },
    ]);
  });

  it('finds the packages this project installs', () => {
    const installed = lockfilePackages(readFileSync('pnpm-lock.yaml', 'utf8'));
    expect(installed.length).toBeGreaterThan(100);
    const names = new Set(installed.map((pkg) => pkg.name));
    // A direct dependency, a transitive one, and a scoped transitive one of the list.
    for (const name of ['better-auth', 'drizzle-orm', '@tanstack/start-server-core', '@better-auth/core']) {
      expect(names.has(name), name).toBe(true);
    }
  });
});

const advisory = (overrides: Partial<Advisory>): Advisory => ({
  id: 'test',
  package: 'better-auth',
  vulnerable: '<1.6.26',
  fixed: '1.6.26',
  severity: 'high',
  title: 'Test advisory',
  url: null,
  ...overrides,
});

describe('matchAdvisories', () => {
  it('matches by name and range, one finding per installed version', () => {
    const installed = lockfilePackages(fixtureLockfile);
    const found = matchAdvisories(installed, [
      advisory({}),
      advisory({ id: 'b', package: 'drizzle-orm', vulnerable: '<0.45.2' }),
      advisory({ id: 'c', package: '@tanstack/start-server-core', vulnerable: '<1.167.30' }),
      advisory({ id: 'd', package: 'not-installed', vulnerable: '<99.0.0' }),
    ]);
    expect(found.map((f) => `${f.packageName}@${f.version}:${f.advisory.id}`)).toEqual([
      'better-auth@1.5.0:test',
      '@tanstack/start-server-core@1.167.29:c',
    ]);
  });
});

describe('the checked-in advisory list', () => {
  it('is valid and holds the three floors of the hardening issue as high', () => {
    const list = parseAdvisories(readFileSync('docs/security/advisories.json', 'utf8'));
    const floors = list.map((entry) => [entry.package, entry.vulnerable, entry.severity]);
    expect(floors).toEqual(
      expect.arrayContaining([
        ['better-auth', '<1.6.26', 'high'],
        ['drizzle-orm', '<0.45.2', 'high'],
        ['@tanstack/start-server-core', '<1.167.30', 'high'],
      ]),
    );
  });

  it('refuses an entry it could not check', () => {
    const file = (entry: Record<string, unknown>) =>
      JSON.stringify({ advisories: [{ ...advisory({}), ...entry }] });
    expect(() => parseAdvisories(file({ severity: 'severe' }))).toThrow('severity');
    expect(() => parseAdvisories(file({ vulnerable: '^1.0.0' }))).toThrow('unsupported range');
    expect(() => parseAdvisories(file({ package: '' }))).toThrow('package');
    expect(() => parseAdvisories('{}')).toThrow('advisories');
  });
});

describe('parseAuditReport', () => {
  it('reads each advisory of a pnpm audit report with the versions found', () => {
    const report = {
      advisories: {
        '1': {
          id: 1,
          github_advisory_id: 'GHSA-aaaa-bbbb-cccc',
          module_name: 'left-pad',
          severity: 'critical',
          title: 'Pads too much',
          url: 'https://example.test/GHSA-aaaa-bbbb-cccc',
          vulnerable_versions: '<1.3.1',
          patched_versions: '>=1.3.1',
          findings: [{ version: '1.3.0', paths: ['.>left-pad'] }],
        },
        '2': { id: 2, module_name: 'tiny', severity: 'low', findings: [{ version: '0.1.0' }] },
      },
      metadata: { vulnerabilities: { info: 0, low: 1, moderate: 0, high: 0, critical: 1 } },
    };
    const found = parseAuditReport(JSON.stringify(report));
    expect(found?.map((f) => [f.packageName, f.version, f.advisory.severity, f.advisory.id])).toEqual([
      ['left-pad', '1.3.0', 'critical', 'GHSA-aaaa-bbbb-cccc'],
      ['tiny', '0.1.0', 'low', '2'],
    ]);
  });

  it('is null for anything that is not a report, so the script says the registry did not answer', () => {
    expect(parseAuditReport('')).toBeNull();
    expect(parseAuditReport('Error: ERR_PNPM_AUDIT_BAD_RESPONSE')).toBeNull();
    expect(parseAuditReport(JSON.stringify({ error: { code: 'ERR_PNPM_AUDIT_BAD_RESPONSE' } }))).toBeNull();
  });
});

describe('node scripts/audit-deps.ts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'audit-deps-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = (lockfile: string, advisories: unknown) => {
    const lockfilePath = join(dir, 'pnpm-lock.yaml');
    const advisoriesPath = join(dir, 'advisories.json');
    writeFileSync(lockfilePath, lockfile);
    writeFileSync(advisoriesPath, JSON.stringify(advisories));
    const result = spawnSync(
      process.execPath,
      [
        'scripts/audit-deps.ts',
        '--skip-registry',
        '--lockfile',
        lockfilePath,
        '--advisories',
        advisoriesPath,
      ],
      { encoding: 'utf8' },
    );
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  };

  it('fails and names each installed version with a high advisory', () => {
    const { status, output } = run(fixtureLockfile, {
      advisories: [
        advisory({ id: 'hardening/better-auth' }),
        advisory({ id: 'hardening/start', package: '@tanstack/start-server-core', vulnerable: '<1.167.30' }),
        advisory({ id: 'only-low', package: 'react', vulnerable: '<=19.3.1', severity: 'low' }),
      ],
    });
    expect(status).toBe(1);
    expect(output).toContain(
      'better-auth@1.5.0 [high] Test advisory (vulnerable <1.6.26, fixed in 1.6.26; hardening/better-auth)',
    );
    expect(output).toContain('@tanstack/start-server-core@1.167.29 [high]');
    // A low advisory is reported but does not fail the run.
    expect(output).toMatch(/note: react@19\.3\.1 \[low\]/);
    expect(output).toContain('2 installed package version(s) with a high or critical advisory');
  });

  it('fails on a critical advisory that matches a version this project really installs', () => {
    const lockfile = readFileSync('pnpm-lock.yaml', 'utf8');
    const [zod] = lockfilePackages(lockfile).filter((pkg) => pkg.name === 'zod');
    const { status, output } = run(lockfile, {
      advisories: [
        advisory({ id: 'fake', package: 'zod', vulnerable: `<=${zod?.version}`, severity: 'critical' }),
      ],
    });
    expect(status).toBe(1);
    expect(output).toContain(`zod@${zod?.version} [critical]`);
  });

  it('passes when nothing installed is in a vulnerable range', () => {
    const { status, output } = run(fixtureLockfile, {
      advisories: [advisory({ package: 'drizzle-orm', vulnerable: '<0.45.2' })],
    });
    expect([status, output]).toEqual([0, expect.stringContaining('No known high or critical advisory')]);
  });

  it('stops with exit code 2 when the list cannot be checked', () => {
    expect(run(fixtureLockfile, { advisories: [{ package: 'x' }] }).status).toBe(2);
    expect(run('lockfileVersion: 9.0\n', { advisories: [] }).status).toBe(2);
  });
});
