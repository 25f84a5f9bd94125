// Generated once with `auth generate` (better-auth 1.7) and owned since: timestamps carry a time zone,
// and the admin-list indexes were added. Column names must stay what better-auth's adapter expects.
import { relations, sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns.ts';

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').default(false).notNull(),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    role: text('role'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: tstz('ban_expires'),
    onboardedAt: tstz('onboarded_at'),
    /** Whether a sign-in from a browser new to the account is mailed to its owner. */
    signInAlerts: boolean('sign_in_alerts').default(true).notNull(),
  },
  (t) => [
    index('user_created_at_idx').on(t.createdAt, t.id),
    // Keyset pages of the admin list sorted by name or e-mail, in either direction.
    index('user_name_id_idx').on(t.name, t.id),
    index('user_email_id_idx').on(t.email, t.id),
    index('user_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('user_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // The dashboard's count of bans in force reads the banned rows only (a few), not every user.
    index('user_banned_ban_expires_idx')
      .on(t.banExpires)
      .where(sql`${t.banned}`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: tstz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    // The organization (and team) the user works in (better-auth's organization plugin).
    activeOrganizationId: text('active_organization_id'),
    activeTeamId: text('active_team_id'),
    // How this session signed in: 'code', 'passkey' or a provider's id (set when it is created).
    signInMethod: text('sign_in_method'),
  },
  (t) => [
    index('session_user_id_idx').on(t.userId),
    // The dashboard's active users: the last 24 hours' sessions of the users themselves (not an admin
    // impersonating), read from the index alone.
    index('session_active_updated_at_idx')
      .on(t.updatedAt, t.userId)
      .where(sql`${t.impersonatedBy} is null`),
  ],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: tstz('access_token_expires_at'),
    refreshTokenExpiresAt: tstz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * Rate-limit counters in the database so every instance shares them (better-auth's per-IP limits, and
 * the per-address limit on sending codes, under keys prefixed `otp-send:`).
 */
// Fixed-window counters (src/server/auth/quota-store.ts): `last_request` holds the window's start and
// `expires_at` its end (ms), so expired windows are found through an index and deleted.
export const rateLimit = pgTable(
  'rate_limit',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull().unique(),
    count: integer('count').notNull(),
    lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('rate_limit_expires_at_idx').on(t.expiresAt)],
);

// Relations for better-auth's joins (`advanced.database.joins`): a session is read with its user in one
// query. Keys follow what its drizzle adapter looks for: `user` for one, the plural for many. The user's
// own relations are in organization.ts, which also knows its memberships.
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));

export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));
