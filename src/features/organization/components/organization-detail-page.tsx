import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Ellipsis, FolderGit2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuPopover } from '@/components/layout/menu-popover';
import { TopBar } from '@/components/layout/top-bar';
import { buttonVariants } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { TextLine } from '@/components/ui/text-line';
import { roleCan } from '@/features/auth/permissions';
import { useSession } from '@/features/auth/queries';
import { platformOrganizationQueries } from '../queries';
import type { OrganizationOverview, OrganizationTeamRow } from '../schema';
import { DeleteOrganizationDialog } from './delete-organization-dialog';
import {
  InvitationsCard,
  MembersCard,
  OrganizationFacts,
  Rows,
  repositoriesLinkClass,
  rowNameLinkClass,
} from './organization-sections';

/**
 * One organization as the platform sees it: name, slug and creation, its repositories (a link to the
 * repository list filtered to it), members, pending invitations and teams, then the activity the route
 * passes in. A platform admin may delete it from the page's menu.
 */
export function OrganizationDetailPage({
  id,
  integrations,
  activity,
}: {
  id: string;
  /** The organization's plan and API keys (a slot: the route passes the billing and api-key features' cards). */
  integrations?: ReactNode;
  activity?: ReactNode;
}) {
  const { t } = useTranslation('organization');
  const { data: organization } = useSuspenseQuery(platformOrganizationQueries.detail(id));
  return (
    <main id="main" className="mx-auto flex w-full max-w-5xl flex-1 flex-col">
      <TopBar
        title={<bdi>{organization.name}</bdi>}
        backTo="/manager/organizations"
        actions={<OrganizationActions organization={organization} />}
        className="md:static md:border-b-0 md:bg-transparent"
      />
      <div className="grid gap-6 px-4 py-6 sm:px-6">
        <OverviewCard organization={organization} />
        <MembersCard
          members={organization.members}
          renderName={(member) => (
            <Link to="/manager/users/$id" params={{ id: member.userId }} className={rowNameLinkClass}>
              <TextLine>{member.name || member.email}</TextLine>
            </Link>
          )}
        />
        <InvitationsCard invitations={organization.invitations} />
        <TeamsCard teams={organization.teams} />
        {integrations}
        {activity ? <SectionCard title={t('manager.detail.activity')}>{activity}</SectionCard> : null}
      </div>
    </main>
  );
}

function OverviewCard({ organization }: { organization: OrganizationOverview }) {
  const { t } = useTranslation('organization');
  return (
    <SectionCard title={t('manager.detail.overview')}>
      <OrganizationFacts
        organization={organization}
        slugLabel={t('manager.detail.slug')}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
        repositoriesLink={
          <Link
            to="/manager/repositories"
            search={{ organizationId: organization.id }}
            className={repositoriesLinkClass}
          >
            <FolderGit2 aria-hidden className="size-4" />
            {t('manager.detail.showRepositories')}
          </Link>
        }
      />
    </SectionCard>
  );
}

function TeamsCard({ teams }: { teams: OrganizationTeamRow[] }) {
  const { t } = useTranslation('organization');
  const title = t('manager.detail.teams', { count: teams.length });
  return (
    <SectionCard title={title}>
      <Rows label={title} rows={teams} empty={t('manager.detail.noTeams')} getKey={(team) => team.id}>
        {(team) => (
          <div className="flex min-w-0 items-baseline justify-between gap-3">
            <TextLine className="font-medium">{team.name}</TextLine>
            <span className="shrink-0 text-sm text-muted-foreground">
              {t('manager.list.members', { count: team.memberCount })}
            </span>
          </div>
        )}
      </Rows>
    </SectionCard>
  );
}

/** The page's menu: deleting the organization, for whom the platform role allows it. */
function OrganizationActions({ organization }: { organization: OrganizationOverview }) {
  const { t } = useTranslation('organization');
  const viewer = useSession()?.user;
  if (!roleCan(viewer?.role, { organization: ['delete'] })) return null;
  return (
    <MenuPopover
      label={t('manager.detail.moreActions')}
      placement="down"
      triggerClassName={buttonVariants({ variant: 'outline', size: 'icon' })}
      trigger={<Ellipsis aria-hidden />}
    >
      <DeleteOrganizationDialog
        organization={{ ...organization, memberCount: organization.members.length }}
      />
    </MenuPopover>
  );
}
