import type { TFunction } from 'i18next';
import { entities } from '@/entities';
import { providerName } from '@/lib/providers';
import type { AuditEntry } from './schema';

// An entry's sentence, the same on the audit page (with links, audit-list.tsx) and in its CSV export
// (plain text, export.server.ts). `t` resolves `<namespace>:<key>` in every namespace a sentence uses.

/**
 * The namespaces a sentence may live in: the log's own first (the default), every audited entity's
 * (`<noun>:audit.<verb>`, src/entities.ts) and account's; sessions read in `user`.
 */
export const SENTENCE_NAMESPACES: readonly string[] = [
  ...new Set([
    'audit',
    ...Object.values(entities).flatMap((entity) => ('audit' in entity ? [entity.noun] : [])),
    'account',
  ]),
];

/**
 * An action's sentence lives in its noun's feature namespace (`repository:audit.create`), so a new entity
 * brings its own; session actions read in the user namespace (`user:audit.session.revoke`). A few read
 * differently by a fact of the entry: a sign-in that made the account or came from a new browser, and the
 * sign-in alerts turned on or off.
 */
export function sentenceKey(entry: AuditEntry): string {
  const [noun, verb] = entry.action.split('.') as [string, string];
  if (noun === 'session') return `user:audit.session.${verb}`;
  return `${noun}:audit.${verb}${variantOf(entry)}`;
}

function variantOf({ action, metadata }: AuditEntry): string {
  if (action === 'account.sign-in') {
    if (metadata.signUp === true) return '-sign-up';
    return metadata.newBrowser === true ? '-new-browser' : '';
  }
  if (action === 'account.sign-in-alerts') return metadata.enabled === true ? '-on' : '-off';
  return '';
}

/** How a sign-in entry says it was made: a code, a passkey, or a provider by name. */
function methodName(method: unknown, t: TFunction): string {
  if (method === 'code' || method === 'passkey') return t(`account:audit.methods.${method}`);
  return typeof method === 'string' ? providerName(method) : t('account:audit.methods.unknown');
}

/** The count that picks a sentence's plural form: entries the retention job deleted, wrong codes summed. */
export function sentenceCount({ metadata }: AuditEntry): number | undefined {
  if (typeof metadata.deleted === 'number') return metadata.deleted;
  return typeof metadata.count === 'number' ? metadata.count : undefined;
}

/**
 * What a sentence names besides actor and target, from the facts written with the entry, in the reader's
 * language: the organization and team (names as they were then), the role given, how old purged entries
 * were, how one signed in (method, provider, passkey), and the plan and subscription status Stripe set.
 */
export function sentenceFacts(entry: AuditEntry, t: TFunction) {
  const { organization, team, role, to, days, method, provider, passkey, plan, status } = entry.metadata;
  const roleName = typeof to === 'string' ? to : typeof role === 'string' ? role : '';
  const unknown = t('audit:unknownTarget');
  return {
    organization: typeof organization === 'string' ? organization : unknown,
    team: typeof team === 'string' ? team : unknown,
    role: roleName ? t(`organization:roles.${roleName}`, { defaultValue: roleName }) : '',
    days: typeof days === 'number' ? days : 0,
    method: methodName(method, t),
    provider: typeof provider === 'string' ? providerName(provider) : unknown,
    passkey: typeof passkey === 'string' ? passkey : t('account:passkeys.unnamed'),
    plan: typeof plan === 'string' ? t(`billing:plans.${plan}.name`, { defaultValue: plan }) : unknown,
    status: typeof status === 'string' ? t(`billing:status.${status}`, { defaultValue: status }) : unknown,
  };
}
