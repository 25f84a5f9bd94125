import { z } from 'zod';
import { zListQuery } from '@/lib/list';
import { withoutControls } from '@/lib/text';

/** Every change the audit log records; its sentence is `<noun>:audit.<verb>` in the noun's namespace. */
export type AuditAction =
  | 'user.create'
  | 'user.update'
  | 'user.set-role'
  | 'user.ban'
  | 'user.unban'
  | 'user.delete'
  | 'user.impersonate'
  | 'user.stop-impersonating'
  | 'user.remove-passkey'
  | 'session.revoke'
  | 'session.revoke-all'
  | 'session.revoke-others'
  // A change made while impersonating that has no entry of its own (a server function, say).
  | 'account.change'
  // "Download my data": the user's own data handed to them (or to an administrator acting as them).
  | 'account.export'
  | 'repository.create'
  | 'repository.update'
  | 'repository.delete'
  | 'organization.create'
  | 'organization.update'
  | 'organization.delete'
  | 'organization.invite'
  | 'organization.cancel-invitation'
  | 'organization.accept-invitation'
  | 'organization.reject-invitation'
  | 'organization.update-member-role'
  | 'organization.remove-member'
  | 'organization.leave'
  | 'organization.create-team'
  | 'organization.update-team'
  | 'organization.delete-team'
  | 'organization.add-team-member'
  | 'organization.remove-team-member';
export type AuditTargetType = 'user' | 'session' | 'repository' | 'organization' | 'invitation' | 'team';

/** Small facts about a change, e.g. `{ from: 'user', to: 'admin' }`: plain values only. */
export type AuditMetadata = Record<string, string | number | boolean | null>;

/** One entry as screens show it; `targetLabel` was written with the entry, so it outlives the target. */
export type AuditEntry = {
  id: string;
  action: AuditAction;
  actor: { id: string; name: string } | null;
  /** Set when the actor (an admin) made the change signed in as this user: "Admin, acting as Jane, …". */
  actingAs: { id: string; name: string } | null;
  targetType: AuditTargetType;
  targetId: string | null;
  targetLabel: string | null;
  metadata: AuditMetadata;
  createdAt: string;
};

/**
 * The audit list's input: no search, optionally one user's entries (where they acted or were the target)
 * or one organization's (the changes made in it).
 */
export const zAuditListQuery = zListQuery.omit({ searchTerm: true }).extend({
  // Compared with text columns: controls are removed, as Postgres refuses a NUL.
  userId: z.string().max(64).overwrite(withoutControls).optional(),
  organizationId: z.string().max(64).overwrite(withoutControls).optional(),
});
