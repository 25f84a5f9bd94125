import '@tanstack/react-start/server-only';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { count, desc, sql } from 'drizzle-orm';
import { appConfig } from '../../../../app.config.ts';
import type { Database } from '../client.ts';
import {
  apikey,
  invitation,
  member,
  organization,
  repository,
  team,
  teamMember,
  user,
} from '../schema/index.ts';
import { seedAuditHistory } from './audit-history.ts';
import { firstNames, globexRepositories, lastNames, longNamedUser, sampleRepositories } from './data.ts';
// New entities' sample rows: pnpm scaffold:entity adds their imports above this line.

type NewUser = typeof user.$inferInsert;

function seedUsers(): NewUser[] {
  const onboardedAt = new Date();
  const fixed: NewUser[] = [
    {
      id: randomUUID(),
      name: 'Admin',
      email: appConfig.seed.adminEmail,
      emailVerified: true,
      role: 'admin',
      onboardedAt,
    },
    {
      id: randomUUID(),
      name: 'User',
      email: appConfig.seed.userEmail,
      emailVerified: true,
      role: 'user',
      onboardedAt,
    },
  ];
  const generated = Array.from({ length: appConfig.seed.generatedUsers }, (_, i): NewUser => {
    const first = firstNames[i % firstNames.length] ?? 'Sam';
    const last = lastNames[Math.floor(i / firstNames.length) % lastNames.length] ?? 'Doe';
    return {
      id: randomUUID(),
      // Not onboarded: onboardedAt stays empty, so their first sign-in asks them to confirm a name.
      name: `${first} ${last}`,
      email: `${first}.${last}.${i + 1}`
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase()
        .concat('@example.com'),
      emailVerified: true,
      role: 'user',
      // Spread sign-ups over the last 60 days so dashboards and date sorts have something to show.
      createdAt: new Date(Date.now() - ((i * 37) % 60) * 86_400_000 - i * 60_000),
      ...(i === 0 ? longNamedUser : {}),
    };
  });
  return [...fixed, ...generated];
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(user);
  return (row?.n ?? 0) === 0;
}

/** The seed's two organizations: isolation is visible from the first start. */
const seedOrganizations = {
  acme: { id: 'acme', name: 'Acme', slug: 'acme' },
  globex: { id: 'globex', name: 'Globex', slug: 'globex' },
} as const;

/** Generated users (by position) who belong to Globex; the first owns it. */
const GLOBEX_MEMBERS = 12;

/**
 * Inserts the demo accounts, two organizations and their repositories; rows that already exist (by e-mail,
 * slug, membership or name within the organization) are kept. Acme: owned by the admin, with the sample
 * user as a member, the sample repositories and two teams. Globex: a dozen of the generated users, a few
 * repositories and one pending invitation. Into an empty audit log, three weeks of their history.
 */
export async function seedDatabase(db: Database): Promise<{ users: number; repositories: number }> {
  const users = await db
    .insert(user)
    .values(seedUsers())
    .onConflictDoNothing({ target: user.email })
    .returning({ id: user.id });
  await db.insert(organization).values(Object.values(seedOrganizations)).onConflictDoNothing();
  const members = await seedMembers(db);
  await seedTeams(db, members);
  await seedInvitation(db, members);
  await seedApiKey(db, members);
  const sample = (list: typeof sampleRepositories, organizationId: string) =>
    list.map((r, i) => ({
      ...r,
      organizationId,
      createdAt: new Date(Date.now() - (list.length - i) * 3_600_000),
    }));
  const repositories = await db
    .insert(repository)
    .values([...sample(sampleRepositories, 'acme'), ...sample(globexRepositories, 'globex')])
    .onConflictDoNothing()
    .returning({ id: repository.id });
  // New entities' sample rows: pnpm scaffold:entity adds them above this line.
  await seedAuditHistory(db, members);
  return { users: users.length, repositories: repositories.length };
}

/**
 * One API key of Globex's owner, so the organization screens show a key from the first start. The key itself
 * is made here and thrown away (only its hash is stored, as the plugin stores it): nobody can call the API
 * with it, a demo included.
 */
async function seedApiKey(db: Database, members: SeedMembers): Promise<void> {
  const owner = members.globex[0];
  if (!owner) return;
  const key = `${appConfig.apiKeys.prefix}${randomBytes(32).toString('base64url')}`;
  await db
    .insert(apikey)
    .values({
      id: 'globex-reporting-key',
      name: 'Reporting',
      start: key.slice(0, appConfig.apiKeys.visibleCharacters),
      prefix: appConfig.apiKeys.prefix,
      key: createHash('sha256').update(key).digest('base64url'),
      referenceId: 'globex',
      rateLimitTimeWindow: appConfig.apiKeys.rateLimit.windowSeconds * 1000,
      rateLimitMax: appConfig.apiKeys.rateLimit.max,
      permissions: JSON.stringify({ repositories: ['read'] }),
      metadata: JSON.stringify({ createdBy: owner }),
    })
    .onConflictDoNothing();
}

type SeedMembers = { admin?: string; user?: string; globex: string[] };

async function seedMembers(db: Database): Promise<SeedMembers> {
  const rows = await db.select({ id: user.id, email: user.email }).from(user).orderBy(desc(user.createdAt));
  const idOf = (email: string) => rows.find((row) => row.email === email)?.id;
  const fixed = new Set<string>([appConfig.seed.adminEmail, appConfig.seed.userEmail]);
  const globex = rows
    .filter((row) => !fixed.has(row.email))
    .slice(1, 1 + GLOBEX_MEMBERS)
    .map((row) => row.id);
  const found: SeedMembers = {
    admin: idOf(appConfig.seed.adminEmail),
    user: idOf(appConfig.seed.userEmail),
    globex,
  };
  const membership = (organizationId: string, userId: string | undefined, role: string) =>
    userId ? [{ id: `${organizationId}-${userId}`, organizationId, userId, role }] : [];
  await db
    .insert(member)
    .values([
      ...membership('acme', found.admin, 'owner'),
      ...membership('acme', found.user, 'member'),
      ...globex.flatMap((id, i) => membership('globex', id, i === 0 ? 'owner' : i < 3 ? 'admin' : 'member')),
    ])
    .onConflictDoNothing();
  return found;
}

async function seedTeams(db: Database, members: SeedMembers): Promise<void> {
  await db
    .insert(team)
    .values([
      { id: 'acme-engineering', name: 'Engineering', organizationId: 'acme' },
      { id: 'acme-design', name: 'Design', organizationId: 'acme' },
      { id: 'globex-operations', name: 'Operations', organizationId: 'globex' },
    ])
    .onConflictDoNothing();
  const join = (teamId: string, userId: string | undefined) =>
    userId ? [{ id: `${teamId}-${userId}`, teamId, userId }] : [];
  await db
    .insert(teamMember)
    .values([
      ...join('acme-engineering', members.admin),
      ...join('acme-engineering', members.user),
      ...join('acme-design', members.user),
      ...members.globex.slice(0, 4).flatMap((id) => join('globex-operations', id)),
    ])
    .onConflictDoNothing();
  // better-auth keeps each team's member count (for its per-team limit).
  await db.execute(
    sql`update team set member_count = (select count(*) from team_member where team_member.team_id = team.id)`,
  );
}

async function seedInvitation(db: Database, members: SeedMembers): Promise<void> {
  const inviterId = members.globex[0];
  if (!inviterId) return;
  await db
    .insert(invitation)
    .values({
      id: 'globex-pending-invitation',
      organizationId: 'globex',
      email: 'new.colleague@example.com',
      role: 'member',
      status: 'pending',
      inviterId,
      expiresAt: new Date(Date.now() + appConfig.organizations.invitationHours * 3_600_000),
    })
    .onConflictDoNothing();
}
