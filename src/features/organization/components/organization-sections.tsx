import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DescriptionItem } from '@/components/ui/description-item';
import { Avatar } from '@/components/ui/avatar';
import { SectionCard } from '@/components/ui/section-card';
import { TextLine } from '@/components/ui/text-line';
import type { OrganizationInvitationRow, OrganizationMemberRow } from '../schema';
import { OrganizationRoleBadges } from './organization-role-badges';
import { dateTimeFormat, numberFormat } from '@/lib/intl';

// The members and pending invitations of one organization, as the manager's organization page and the
// organization's own screen both list them; each screen adds its own controls per row.

/** A translated phrase around a date ("Joined <date>{{date}}</date>"), the date in a `time` element. */
function DatePhrase({ i18nKey, iso }: { i18nKey: string; iso: string }) {
  const { t, i18n } = useTranslation('organization');
  const formatted = dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <Trans
      t={t}
      ns="organization"
      i18nKey={i18nKey}
      values={{ date: formatted }}
      components={{ date: <time dateTime={iso} /> }}
    />
  );
}

/** A row's name as a link to its page: a full tap target on a phone (44 px tall), a text link elsewhere. */
export const rowNameLinkClass =
  'min-w-0 font-medium text-primary underline-offset-4 hover:underline max-sm:flex max-sm:min-h-11 max-sm:items-center';

/** The link next to the repository count: to the list of the organization's repositories. */
export const repositoriesLinkClass =
  'inline-flex min-h-11 items-center gap-1 font-medium text-primary underline-offset-4 hover:underline md:min-h-0';

/**
 * Name, address (slug), creation date and repository count, with `repositoriesLink` (each area links to
 * its own repository list) after the count.
 */
export function OrganizationFacts({
  organization,
  slugLabel,
  repositoriesLink,
  className,
}: {
  organization: { name: string; slug: string; createdAt: string; repositoryCount: number };
  slugLabel: string;
  repositoriesLink: ReactNode;
  className: string;
}) {
  const { t, i18n } = useTranslation('organization');
  const created = dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(organization.createdAt),
  );
  return (
    <dl className={className}>
      <DescriptionItem label={t('manager.detail.name')}>
        <span dir="auto" className="break-words">
          {organization.name}
        </span>
      </DescriptionItem>
      <DescriptionItem label={slugLabel}>
        <bdi dir="ltr" className="break-all">
          {organization.slug}
        </bdi>
      </DescriptionItem>
      <DescriptionItem label={t('manager.detail.created')}>
        <time dateTime={organization.createdAt}>{created}</time>
      </DescriptionItem>
      <DescriptionItem label={t('manager.detail.repositories')}>
        <span className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="tabular-nums">
            {numberFormat(i18n.language).format(organization.repositoryCount)}
          </span>
          {repositoriesLink}
        </span>
      </DescriptionItem>
    </dl>
  );
}

/** A section's rows, or what it says when it has none. */
export function Rows<Row>({
  label,
  rows,
  empty,
  getKey,
  children,
}: {
  label: string;
  rows: Row[];
  empty: string;
  getKey: (row: Row) => string;
  children: (row: Row) => ReactNode;
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul aria-label={label} className="-mx-4 -mb-4 divide-y border-t sm:-mx-6 sm:-mb-6">
      {rows.map((row) => (
        <li key={getKey(row)} className="px-4 py-3 sm:px-6">
          {children(row)}
        </li>
      ))}
    </ul>
  );
}

/**
 * Members: picture, name (`renderName`, plain text by default), e-mail, joined date, and at the end the
 * role badges or what `renderActions` puts there instead (a role picker, a remove button).
 */
export function MembersCard({
  members,
  actions,
  renderName = (member) => <TextLine className="font-medium">{member.name || member.email}</TextLine>,
  renderActions = (member) => <OrganizationRoleBadges role={member.role} />,
}: {
  members: OrganizationMemberRow[];
  actions?: ReactNode;
  renderName?: (member: OrganizationMemberRow) => ReactNode;
  renderActions?: (member: OrganizationMemberRow) => ReactNode;
}) {
  const { t } = useTranslation('organization');
  const title = t('manager.detail.members', { count: members.length });
  return (
    <SectionCard title={title} actions={actions}>
      <Rows label={title} rows={members} empty={t('manager.detail.noMembers')} getKey={(m) => m.userId}>
        {(member) => (
          <div className="flex min-w-0 flex-wrap items-center gap-3">
            <Avatar name={member.name} email={member.email} image={member.image} size="sm" />
            <div className="grid min-w-0 flex-1 basis-40 gap-0.5 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:gap-x-4">
              {renderName(member)}
              <TextLine className="text-sm text-muted-foreground sm:row-span-2 sm:self-center">
                {member.email}
              </TextLine>
              <span className="text-xs text-muted-foreground">
                <DatePhrase i18nKey="manager.detail.joined" iso={member.joinedAt} />
              </span>
            </div>
            <span className="ms-auto flex shrink-0 flex-wrap items-center justify-end gap-1">
              {renderActions(member)}
            </span>
          </div>
        )}
      </Rows>
    </SectionCard>
  );
}

/** Pending invitations: address, who invited, when it expires, and the role badge plus `renderActions`. */
export function InvitationsCard({
  invitations,
  actions,
  renderActions,
}: {
  invitations: OrganizationInvitationRow[];
  actions?: ReactNode;
  renderActions?: (invitation: OrganizationInvitationRow) => ReactNode;
}) {
  const { t } = useTranslation('organization');
  const title = t('manager.detail.invitations', { count: invitations.length });
  return (
    <SectionCard title={title} actions={actions}>
      <Rows
        label={title}
        rows={invitations}
        empty={t('manager.detail.noInvitations')}
        getKey={(invitation) => invitation.id}
      >
        {(invitation) => (
          <div className="flex min-w-0 flex-wrap items-center gap-3">
            <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
              <bdi dir="ltr" className="block min-w-0 truncate font-medium match-parent-align">
                {invitation.email}
              </bdi>
              <span className="text-xs text-muted-foreground">
                {invitation.inviterName ? (
                  <>
                    <Trans
                      t={t}
                      ns="organization"
                      i18nKey="manager.detail.invitedBy"
                      values={{ name: invitation.inviterName }}
                      components={{ name: <bdi /> }}
                    />
                    {' · '}
                  </>
                ) : null}
                <DatePhrase i18nKey="manager.detail.expires" iso={invitation.expiresAt} />
              </span>
            </div>
            <span className="ms-auto flex shrink-0 flex-wrap items-center justify-end gap-1">
              <OrganizationRoleBadges role={invitation.role} />
              {renderActions?.(invitation)}
            </span>
          </div>
        )}
      </Rows>
    </SectionCard>
  );
}
