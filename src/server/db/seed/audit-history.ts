import '@tanstack/react-start/server-only';
import { count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { auditLog, repository, user } from '../schema/index.ts';

// A few weeks of plausible history for the seed's people, so /manager/audit and the dashboard's recent
// activity show what the log records on a first start. Written as `recordAudit` writes entries (the
// target's label in the metadata); fixed, so every seeded database tells the same story.

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Addresses from the documentation ranges (RFC 5737). */
const ADDRESSES = ['203.0.113.24', '198.51.100.7', '203.0.113.81', '192.0.2.45'];

type Person = { id: string; name: string };
type Entry = typeof auditLog.$inferInsert;

/** When the entry happened: `daysAgo` days and `hour` hours into that day (UTC), never in the future. */
function at(daysAgo: number, hour: number, now: number): Date {
  const day = Math.floor(now / DAY) * DAY - daysAgo * DAY;
  return new Date(Math.min(now - 60_000, day + hour * HOUR));
}

function entry(
  actor: Person | null,
  action: string,
  target: { type: string; id: string | null; label: string },
  when: Date,
  extra: { metadata?: Record<string, unknown>; organizationId?: string; ip?: number } = {},
): Entry {
  return {
    actorUserId: actor?.id ?? null,
    action,
    targetType: target.type,
    targetId: target.id,
    organizationId: extra.organizationId ?? null,
    metadata: { ...extra.metadata, label: target.label },
    ip: ADDRESSES[(extra.ip ?? 0) % ADDRESSES.length] ?? null,
    createdAt: when,
  };
}

const self = (person: Person) => ({ type: 'user', id: person.id, label: person.name });

/** Three weeks of sign-ins, sign-outs and everyday changes by the admin, the user and Globex's people. */
function history(
  people: { admin: Person; user: Person; globex: Person[] },
  repositories: Person[],
  now: number,
) {
  const { admin, user: sample, globex } = people;
  const [owner, deputy, ...members] = globex;
  const entries: Entry[] = [];
  for (let day = 21; day >= 0; day--) {
    const passkey = day <= 15;
    entries.push(
      entry(admin, 'account.sign-in', self(admin), at(day, 8, now), {
        metadata: {
          method: passkey ? 'passkey' : 'code',
          newBrowser: day === 21 || day === 6,
          signUp: false,
        },
      }),
    );
    if (day % 2 === 0) {
      entries.push(
        entry(sample, 'account.sign-in', self(sample), at(day, 9, now), {
          metadata: { method: 'code', newBrowser: day === 20, signUp: false },
          ip: 1,
        }),
        entry(sample, 'account.sign-out', self(sample), at(day, 17, now), { ip: 1 }),
      );
    }
    const member = members[day % Math.max(1, members.length)];
    if (member && day % 3 === 0) {
      entries.push(
        entry(member, 'account.sign-in', self(member), at(day, 10, now), {
          metadata: { method: day % 2 ? 'github' : 'code', newBrowser: false, signUp: false },
          ip: 2,
        }),
      );
    }
  }
  entries.push(
    entry(admin, 'account.add-passkey', self(admin), at(15, 8.2, now), {
      metadata: { passkey: 'MacBook Touch ID' },
    }),
    entry(
      null,
      'account.codes-refused',
      { type: 'user', id: sample.id, label: sample.name },
      at(14, 22, now),
      {
        metadata: { count: 3 },
        ip: 3,
      },
    ),
    entry(sample, 'account.sign-in-alerts', self(sample), at(13, 9.1, now), {
      metadata: { enabled: true },
      ip: 1,
    }),
    entry(
      null,
      'account.codes-refused',
      { type: 'user', id: null, label: 'someone@example.net' },
      at(3, 2, now),
      {
        metadata: { count: 7 },
        ip: 3,
      },
    ),
    entry(admin, 'user.export', { type: 'user', id: null, label: '' }, at(9, 11, now), {
      metadata: { filters: 'role=admin' },
    }),
    entry(admin, 'audit.export', { type: 'audit', id: null, label: '' }, at(1, 15, now), {
      metadata: { filters: 'group=signIn' },
    }),
  );
  repositories.slice(0, 4).forEach((repo, i) => {
    entries.push(
      entry(
        admin,
        'repository.update',
        { type: 'repository', id: repo.id, label: repo.name },
        at(12 - i * 3, 14, now),
        {
          organizationId: 'acme',
        },
      ),
    );
  });
  if (owner) {
    entries.push(
      entry(
        owner,
        'organization.invite',
        { type: 'invitation', id: 'globex-pending-invitation', label: 'new.colleague@example.com' },
        at(1, 10, now),
        {
          organizationId: 'globex',
          metadata: { organization: 'Globex', role: 'member' },
          ip: 2,
        },
      ),
    );
    if (deputy) {
      entries.push(
        entry(owner, 'organization.update-member-role', self(deputy), at(11, 16, now), {
          organizationId: 'globex',
          metadata: { organization: 'Globex', from: 'member', to: 'admin' },
          ip: 2,
        }),
      );
    }
  }
  return entries;
}

/**
 * Writes the seed's audit history once: only into an empty log, so a database that has lived keeps its own.
 * Answers how many entries it wrote.
 */
export async function seedAuditHistory(
  db: Database,
  people: { admin?: string; user?: string; globex: string[] },
  now = Date.now(),
): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(auditLog);
  if ((existing?.n ?? 0) > 0 || !people.admin || !people.user) return 0;
  const ids = [people.admin, people.user, ...people.globex];
  const rows = await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, ids));
  const person = (id: string) => rows.find((row) => row.id === id);
  const admin = person(people.admin);
  const sample = person(people.user);
  if (!admin || !sample) return 0;
  const globex = people.globex.slice(0, 6).flatMap((id) => person(id) ?? []);
  const repositories = await db
    .select({ id: repository.id, name: repository.name })
    .from(repository)
    .where(eq(repository.organizationId, 'acme'))
    .limit(4);
  const entries = history({ admin, user: sample, globex }, repositories, now);
  await db.insert(auditLog).values(entries);
  return entries.length;
}
