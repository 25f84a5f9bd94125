// better-auth's organization plugin (with teams), generated once with `auth generate` (better-auth 1.7) and
// owned since, like auth.ts: timestamps carry a time zone, one membership per user and organization, and
// the indexes the screens' lists need. Column names must stay what better-auth's adapter expects.
import { relations, sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { account, session, user } from './auth.ts';
import { createdAt, tstz } from './columns.ts';

export const organization = pgTable(
  'organization',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    logo: text('logo'),
    metadata: text('metadata'),
    createdAt: createdAt(),
  },
  (t) => [
    // Keyset pages of the manager's list, and its search by name or slug.
    index('organization_created_at_idx').on(t.createdAt, t.id),
    index('organization_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('organization_slug_trgm_idx').using('gin', sql`${t.slug} gin_trgm_ops`),
  ],
);

export const member = pgTable(
  'member',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').default('member').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One membership per user and organization, whatever two concurrent requests do.
    uniqueIndex('member_organization_user_unique').on(t.organizationId, t.userId),
    index('member_user_id_idx').on(t.userId),
  ],
);

export const invitation = pgTable(
  'invitation',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role'),
    teamId: text('team_id'),
    status: text('status').default('pending').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('invitation_organization_id_idx').on(t.organizationId),
    index('invitation_email_idx').on(t.email),
  ],
);

export const team = pgTable(
  'team',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    memberCount: integer('member_count').default(0).notNull(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').$onUpdate(() => new Date()),
  },
  (t) => [index('team_organization_id_idx').on(t.organizationId)],
);

export const teamMember = pgTable(
  'team_member',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => team.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    membershipKey: text('membership_key').unique(),
    createdAt: tstz('created_at').defaultNow(),
  },
  (t) => [index('team_member_team_id_idx').on(t.teamId), index('team_member_user_id_idx').on(t.userId)],
);

// Relations for better-auth's joins (keys as its drizzle adapter looks them up).
export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
  members: many(member),
  teamMembers: many(teamMember),
  invitations: many(invitation),
}));

export const organizationRelations = relations(organization, ({ many }) => ({
  teams: many(team),
  members: many(member),
  invitations: many(invitation),
}));

export const memberRelations = relations(member, ({ one }) => ({
  organization: one(organization, { fields: [member.organizationId], references: [organization.id] }),
  user: one(user, { fields: [member.userId], references: [user.id] }),
}));

export const invitationRelations = relations(invitation, ({ one }) => ({
  organization: one(organization, { fields: [invitation.organizationId], references: [organization.id] }),
  user: one(user, { fields: [invitation.inviterId], references: [user.id] }),
}));

export const teamRelations = relations(team, ({ one, many }) => ({
  organization: one(organization, { fields: [team.organizationId], references: [organization.id] }),
  teamMembers: many(teamMember),
}));

export const teamMemberRelations = relations(teamMember, ({ one }) => ({
  team: one(team, { fields: [teamMember.teamId], references: [team.id] }),
  user: one(user, { fields: [teamMember.userId], references: [user.id] }),
}));
