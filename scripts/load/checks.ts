// The verdicts of a load run: the steady phase's targets, the behaviour under faults, and the database
// checked after the run against every write the users saw acknowledged.
import postgres from 'postgres';
import type { Sample } from './client.ts';
import type { GeneratorResult } from './generator.ts';
import { type Check, failureKey, isOk, type Stats } from './report.ts';

/** What happened when during the fault phase (epoch ms), as the orchestrator did it. */
export type FaultLog = {
  postgresRestart?: { startedAt: number; endedAt: number; ok: boolean; reason?: string };
  smtpDown?: { stoppedAt: number; startedAt: number };
  sigterm?: {
    target: string;
    sentAt: number;
    exit?: { code: number | null; signal: string | null };
    exitedAfterMs?: number;
  };
};

export type Limits = { readP95: number; readP99: number; timeoutMs: number; recoveryS: number };

function check(name: string, pass: boolean, detail = ''): Check {
  return { name, pass, detail };
}

export function steadyChecks(
  result: GeneratorResult,
  byKind: Record<string, Stats>,
  limits: Limits,
): Check[] {
  const read = byKind.read as Stats;
  const all = byKind.all as Stats;
  return [
    check(
      'steady: every user signed in',
      result.signedInVus === result.vus,
      `${result.signedInVus}/${result.vus}`,
    ),
    check(
      'steady: no failed request',
      all.errors === 0 && result.codesNotReceived === 0,
      `${all.errors} failed of ${all.requests}; codes not received: ${result.codesNotReceived}`,
    ),
    check(`steady: read p95 < ${limits.readP95} ms`, read.p95 < limits.readP95, `${read.p95} ms`),
    check(`steady: read p99 < ${limits.readP99} ms`, read.p99 < limits.readP99, `${read.p99} ms`),
  ];
}

function absolute(result: GeneratorResult, sample: Sample): { start: number; end: number } {
  const start = result.t0 + sample.at;
  return { start, end: start + sample.ms };
}

export function faultChecks(result: GeneratorResult, faults: FaultLog, limits: Limits): Check[] {
  const checks: Check[] = [];
  // A connection refused by a stopping instance was sent elsewhere (see the SIGTERM checks below).
  const failed = result.samples.filter((s) => !isOk(s) && !s.retried);
  const unclean = failed.filter((s) => s.status !== 503);
  checks.push(
    check(
      'faults: every failed request is a clean 503',
      unclean.length === 0,
      `${failed.length} failed, ${unclean.length} not 503: ${summarizeFailures(unclean)}`,
    ),
  );
  const hung = result.samples.filter((s) => s.error === 'timeout' || s.ms >= limits.timeoutMs);
  checks.push(
    check(
      `faults: no request hangs past the ${limits.timeoutMs / 1000} s timeout`,
      hung.length === 0,
      `${hung.length} timed out; slowest ${Math.round(Math.max(0, ...result.samples.map((s) => s.ms)))} ms`,
    ),
  );

  const restart = faults.postgresRestart;
  if (!restart?.ok) {
    checks.push(check('faults: Postgres restart', false, `not run: ${restart?.reason ?? 'never scheduled'}`));
  } else {
    const until = faults.smtpDown?.stoppedAt ?? result.endedAt;
    const inWindow = result.samples.filter((s) => {
      const { start } = absolute(result, s);
      return start >= restart.startedAt && start < until;
    });
    // A code that could not be mailed is the SMTP fault's, not the database's.
    const failedInWindow = inWindow.filter((s) => !isOk(s) && s.code !== 'EMAIL_NOT_SENT');
    // Recovery: from the end of the restart until the last request that still failed was sent. A request
    // sent during the outage that fails late shows waiting, which the hang check and `slowest` report.
    const lastFailedStart = Math.max(0, ...failedInWindow.map((s) => absolute(result, s).start));
    const recoveryMs = Math.max(0, lastFailedStart - restart.endedAt);
    const okAfter = inWindow.filter((s) => isOk(s) && absolute(result, s).start > lastFailedStart).length;
    const slowest = Math.max(0, ...inWindow.map((s) => s.ms));
    checks.push(
      check(
        `faults: requests succeed again within ${limits.recoveryS} s of the Postgres restart, without restarting the app`,
        recoveryMs <= limits.recoveryS * 1000 && okAfter > 0,
        `restart took ${restart.endedAt - restart.startedAt} ms; ${failedInWindow.length} failed around it, ` +
          `the last sent ${Math.round(recoveryMs)} ms after it ended; ${okAfter} succeeded afterwards; ` +
          `slowest request around it ${Math.round(slowest)} ms`,
      ),
    );
  }

  const smtp = faults.smtpDown;
  if (!smtp) {
    checks.push(check('faults: SMTP outage', false, 'not run'));
  } else {
    const sends = result.samples.filter((s) => s.op === 'sendCode');
    const during = sends.filter((s) => {
      const { start, end } = absolute(result, s);
      return start >= smtp.stoppedAt && end <= smtp.startedAt;
    });
    const clean = during.filter((s) => s.status === 503 && s.code === 'EMAIL_NOT_SENT');
    const after = sends.filter((s) => absolute(result, s).start > smtp.startedAt + 500);
    checks.push(
      check(
        'faults: with SMTP down, sign-in codes are refused with 503 EMAIL_NOT_SENT',
        during.length > 0 && clean.length === during.length,
        `${clean.length}/${during.length} (${summarizeFailures(during.filter((s) => !clean.includes(s)))})`,
      ),
      check(
        'faults: sign-in codes are sent again once SMTP is back',
        after.some(isOk),
        `${after.filter(isOk).length}/${after.length} sent after it came back`,
      ),
    );
  }

  const sigterm = faults.sigterm;
  if (!sigterm) {
    checks.push(check('faults: SIGTERM to one instance', false, 'not run'));
  } else {
    const inFlight = result.samples.filter((s) => s.inFlightAtSigterm);
    const failed = inFlight.filter((s) => !isOk(s));
    const after = result.samples.filter((s) => s.afterSigterm);
    const afterFailed = after.filter((s) => !isOk(s) && !s.retried);
    checks.push(
      check(
        'faults: instance B exits with code 0 after SIGTERM',
        sigterm.exit?.code === 0,
        sigterm.exit
          ? `code ${sigterm.exit.code}, signal ${sigterm.exit.signal}, after ${sigterm.exitedAfterMs} ms`
          : 'still running 15 s after SIGTERM',
      ),
      check(
        'faults: requests in flight at SIGTERM complete normally (none cut)',
        inFlight.length > 0 && failed.length === 0,
        `${inFlight.length} in flight: ${inFlight.length - failed.length} ok` +
          (failed.length
            ? `; failed: ${summarizeFailures(failed)}; ${sigtermTiming(result, sigterm.sentAt, failed)}`
            : ''),
      ),
      check(
        'faults: requests sent to the stopping instance are answered or refused (then retried elsewhere), never cut',
        afterFailed.length === 0,
        `${after.length} sent after SIGTERM: ${after.filter(isOk).length} answered, ` +
          `${after.filter((s) => s.retried).length} refused and retried on the other instance` +
          (result.stop?.refusedAtMs !== undefined
            ? ` (first refusal ${Math.round(result.t0 + result.stop.refusedAtMs - sigterm.sentAt)} ms after SIGTERM)`
            : '') +
          (afterFailed.length
            ? `; failed: ${summarizeFailures(afterFailed)}; ${sigtermTiming(result, sigterm.sentAt, afterFailed)}`
            : ''),
      ),
    );
  }
  return checks;
}

/** When failed requests were sent and ended, relative to SIGTERM (evidence for the report). */
function sigtermTiming(result: GeneratorResult, sentAt: number, failed: Sample[]): string {
  const relative = failed.map((s) => {
    const { start, end } = absolute(result, s);
    return `${Math.round(start - sentAt)}..${Math.round(end - sentAt)}`;
  });
  return `sent..ended in ms relative to SIGTERM: ${relative.join(', ')}`;
}

function summarizeFailures(samples: Sample[]): string {
  const counts: Record<string, number> = {};
  for (const s of samples) {
    const key = `${s.op} ${failureKey(s)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  const entries = Object.entries(counts);
  return entries.length ? entries.map(([key, n]) => `${key}×${n}`).join(', ') : 'none';
}

/** Failures per fault window, with when they happened, for the JSON report. */
export function failureTimeline(result: GeneratorResult, faults: FaultLog) {
  const windows = [
    ['postgresRestart', faults.postgresRestart?.startedAt, faults.smtpDown?.stoppedAt],
    ['smtpDown', faults.smtpDown?.stoppedAt, faults.sigterm?.sentAt],
    ['sigterm', faults.sigterm?.sentAt, result.endedAt],
  ] as const;
  return windows.map(([name, from, to]) => {
    const failed = result.samples.filter((s) => {
      const { start } = absolute(result, s);
      return !isOk(s) && from !== undefined && start >= from && start < (to ?? Infinity);
    });
    return {
      window: name,
      failed: failed.length,
      byFailure: summarizeFailures(failed),
      firstAtMs: failed.length ? Math.min(...failed.map((s) => s.at)) : null,
      lastAtMs: failed.length ? Math.max(...failed.map((s) => s.at)) : null,
    };
  });
}

/** After the run, straight from the database: every acknowledged write is there, once. */
export async function checkData(
  databaseUrl: string,
  runId: string,
  results: GeneratorResult[],
): Promise<Check[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const creates = results.flatMap((r) => r.creates);
  const updates = results.flatMap((r) => r.updates);
  const onboarded = results.flatMap((r) => r.onboarded);
  const prefix = `load-${runId}-%`;
  const rows = await sql<{ id: string; name: string; description: string | null }[]>`
    select id, name, description from repository where name like ${prefix}`;
  const duplicates = await sql<{ name: string }[]>`
    select name from repository where name like ${prefix} group by name having count(*) > 1`;
  const users = await sql<{ email: string }[]>`
    select email from "user" where email like ${prefix} and onboarded_at is not null`;
  await sql.end();

  const acked = creates.filter((c) => c.outcome === 'ack');
  const unknown = creates.filter((c) => c.outcome === 'unknown');
  const stored = new Map(rows.map((r) => [r.name, r]));
  const missing = acked.filter((c) => !stored.has(c.name));
  const allowed = new Set([...acked, ...unknown].map((c) => c.name));
  const unexpected = rows.filter((r) => !allowed.has(r.name));

  // Per repository, its acknowledged value is the last acknowledged write; unknown outcomes after it
  // (a timeout or 5xx that may have committed) are the only other values it may hold.
  const expected = new Map<string, { ack: string; later: Set<string> }>();
  for (const c of acked) if (c.id) expected.set(c.id, { ack: c.description, later: new Set() });
  for (const u of updates) {
    const entry = expected.get(u.id);
    if (!entry) continue;
    if (u.outcome === 'ack') expected.set(u.id, { ack: u.description, later: new Set() });
    else if (u.outcome === 'unknown') entry.later.add(u.description);
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  const wrong = [...expected].filter(([id, { ack, later }]) => {
    const description = byId.get(id)?.description ?? null;
    return description !== ack && !later.has(description ?? '');
  });
  const onboardedStored = new Set(users.map((u) => u.email));
  const notOnboarded = onboarded.filter((email) => !onboardedStored.has(email));

  return [
    check(
      'data: every acknowledged create is in the database',
      missing.length === 0,
      `${acked.length} acknowledged, ${unknown.length} unknown outcome, ${rows.length} rows` +
        (missing.length
          ? `; missing: ${missing
              .slice(0, 5)
              .map((c) => c.name)
              .join(', ')}`
          : ''),
    ),
    check(
      'data: acknowledged ≤ rows ≤ acknowledged + unknown, nothing else written',
      rows.length >= acked.length && rows.length <= acked.length + unknown.length && unexpected.length === 0,
      `${acked.length} ≤ ${rows.length} ≤ ${acked.length + unknown.length}; ${unexpected.length} unexpected`,
    ),
    check(
      'data: no repository name written twice',
      duplicates.length === 0,
      `${duplicates.length} duplicated`,
    ),
    check(
      'data: every acknowledged update is the stored value',
      wrong.length === 0,
      `${updates.filter((u) => u.outcome === 'ack').length} acknowledged updates over ${expected.size} repositories; ${wrong.length} differ`,
    ),
    check(
      'data: every acknowledged onboarding is stored',
      notOnboarded.length === 0,
      `${onboarded.length} acknowledged, ${notOnboarded.length} missing`,
    ),
  ];
}
