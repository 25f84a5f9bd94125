import '@tanstack/react-start/server-only';
import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { appConfig } from '../../../../app.config.ts';
import type { Database } from '../client.ts';
import { repository, user } from '../schema/index.ts';
import { firstNames, lastNames, longNamedUser, sampleRepositories } from './data.ts';

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

/** Inserts the demo accounts and repositories; rows that already exist (by e-mail or name) are kept. */
export async function seedDatabase(db: Database): Promise<{ users: number; repositories: number }> {
  const users = await db
    .insert(user)
    .values(seedUsers())
    .onConflictDoNothing({ target: user.email })
    .returning({ id: user.id });
  const repositories = await db
    .insert(repository)
    .values(
      sampleRepositories.map((r, i) => ({
        ...r,
        createdAt: new Date(Date.now() - (sampleRepositories.length - i) * 3_600_000),
      })),
    )
    .onConflictDoNothing({ target: repository.name })
    .returning({ id: repository.id });
  return { users: users.length, repositories: repositories.length };
}
