import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DataList } from '@/components/ui/data-list';
import { entities } from '@/entities';
import { auditQueries } from '../queries';
import type { AuditEntry } from '../schema';
import { sentenceCount, sentenceFacts, sentenceKey } from '../sentence';
import { dateTimeFormat } from '@/lib/intl';

/**
 * The audit trail, newest first: "Admin banned Jane Doe · 3 min ago", each target linked while it still
 * exists; a change made during an impersonation reads "Admin, acting as Jane Doe, edited Jane Doe". With
 * `userId`, only what that user did or had done to them, with a link to the audit page's entries about
 * them; with `organizationId`, the changes made in that organization, with a link to the audit page
 * filtered to it; with `limit`, one page of that size and no "Load more" (the dashboard's latest entries).
 */
export function AuditList({
  userId,
  organizationId,
  limit,
}: {
  userId?: string;
  organizationId?: string;
  limit?: number;
}) {
  const { t } = useTranslation('audit');
  const query = useInfiniteQuery(auditQueries.list({ userId, organizationId, limit }));
  // A full tap target on a phone (44 px tall), a text link beside the list elsewhere.
  const linkClass =
    'text-sm font-medium text-primary underline-offset-4 hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center';
  return (
    <div className="grid gap-3">
      <DataList
        query={query}
        label={t('label')}
        getKey={(entry) => entry.id}
        renderItem={(entry) => <AuditRow entry={entry} />}
        paged={limit === undefined}
      />
      {userId ? (
        <Link to="/manager/audit" search={{ targetType: 'user', targetId: userId }} className={linkClass}>
          {t('links.aboutUser')}
        </Link>
      ) : organizationId ? (
        <Link to="/manager/audit" search={{ organization: organizationId }} className={linkClass}>
          {t('links.inOrganization')}
        </Link>
      ) : null}
    </div>
  );
}

/** The manager pages an entry's target opens: each audited entity's (src/entities.ts, `audit.detail`). */
const targetPages = Object.values(entities).flatMap((entity) =>
  'audit' in entity && 'detail' in entity.audit
    ? [{ targetType: entity.noun, to: entity.audit.detail, deleting: `${entity.noun}.delete` }]
    : [],
);

/** Where the entry's target can be opened, unless the entry itself removed it. */
function TargetLink({ entry, children: text }: { entry: AuditEntry; children?: ReactNode }) {
  // User-entered names keep their own direction inside a translated sentence.
  const children = <bdi>{text}</bdi>;
  const page = targetPages.find((candidate) => candidate.targetType === entry.targetType);
  if (!entry.targetId || !page || entry.action === page.deleting)
    return <span className="font-medium">{children}</span>;
  return (
    <Link
      to={page.to}
      params={{ id: entry.targetId }}
      className="font-medium text-primary underline-offset-4 hover:underline"
    >
      {children}
    </Link>
  );
}

/** The user an admin acted as, linked to their page; the name keeps its own direction. */
function UserLink({ id, children }: { id: string; children?: ReactNode }) {
  return (
    <Link
      to="/manager/users/$id"
      params={{ id }}
      className="font-medium text-primary underline-offset-4 hover:underline"
    >
      <bdi>{children}</bdi>
    </Link>
  );
}

/**
 * "Admin, acting as Jane," in place of the actor of an entry written during an impersonation. Trans hands
 * the sentence's actor text over as children; this phrase replaces it.
 */
function ActingAsActor({
  admin,
  adminId,
  user,
}: {
  admin: string;
  adminId: string | undefined;
  user: NonNullable<AuditEntry['actingAs']>;
}) {
  const { t } = useTranslation('audit');
  return (
    <span>
      <Trans
        t={t}
        i18nKey="actingAs"
        values={{ admin, user: user.name || t('someone') }}
        components={{
          admin: adminId ? <UserLink id={adminId} /> : <bdi className="font-medium" />,
          user: <UserLink id={user.id} />,
        }}
      />
    </span>
  );
}

/** The entry as a sentence: who did what to whom, each linked to its page while it has one. */
export function AuditSentence({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  // The actor column empties when that account is deleted; the trail itself stays.
  // The system's own changes (the retention job) have no actor at all.
  const actor = entry.apiKey
    ? t('viaApiKey', { name: entry.apiKey.name, interpolation: { escapeValue: false } })
    : entry.actor
      ? entry.actor.name || t('someone')
      : t(entry.action === 'audit.purge' ? 'system' : 'someone');
  const target = entry.targetLabel ?? t('unknownTarget');
  return (
    <Trans
      t={t}
      i18nKey={sentenceKey(entry)}
      values={{ ...sentenceFacts(entry, t), actor, target }}
      count={sentenceCount(entry)}
      components={{
        actor: entry.actingAs ? (
          <ActingAsActor admin={actor} adminId={entry.actor?.id} user={entry.actingAs} />
        ) : entry.actor ? (
          <UserLink id={entry.actor.id} />
        ) : (
          <bdi className="font-medium" />
        ),
        target: <TargetLink entry={entry} />,
        // An organization's or team's name, in its own direction.
        name: <bdi className="font-medium" />,
      }}
    />
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { i18n } = useTranslation('audit');
  const created = new Date(entry.createdAt);
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm">
      {/* `anywhere`: an 80-character name breaks, where `break-words` would still widen a phone's page. */}
      <p className="min-w-0 [overflow-wrap:anywhere]">
        <AuditSentence entry={entry} />
      </p>
      <time
        dateTime={entry.createdAt}
        title={dateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(created)}
        className="shrink-0 text-muted-foreground"
      >
        {relativeTime(created, i18n.language)}
      </time>
    </div>
  );
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 min ago" in the reader's language: the largest unit that fits, "now" under a minute. */
export function relativeTime(date: Date, language: string, now = Date.now()): string {
  const seconds = Math.round((date.getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
