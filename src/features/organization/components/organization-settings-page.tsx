import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { FolderGit2, LogOut, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { toast } from '@/components/ui/toast';
import { organizationCan } from '@/features/auth/permissions';
import { translateError } from '@/lib/translate-error';
import { organizationQueries, organizationSettingsMutations } from '../queries';
import type { ActiveOrganization } from '../schema';
import { ConfirmOrganizationDeletion } from './delete-organization-dialog';
import { OrganizationInvitations, OrganizationMembers } from './organization-members';
import { OrganizationFacts, repositoriesLinkClass } from './organization-sections';
import { RenameOrganizationDialog } from './rename-organization-dialog';

const ERROR_SCOPES = ['organization:settings.errors'];

/**
 * /app/organization: the active organization's name and address, members, pending invitations, the
 * teams (a slot: the route passes the teams section) and leaving or deleting it. Controls show as the
 * viewer's role grants them (spec §6); better-auth checks the same rights on every call.
 */
export function OrganizationSettingsPage({
  organizationId,
  teams,
  integrations,
}: {
  organizationId: string;
  teams?: ReactNode;
  /** The plan, API keys and webhooks sections (a slot: they are other features'), given the viewer's role here. */
  integrations?: (role: string) => ReactNode;
}) {
  const { t } = useTranslation('organization');
  const { data: organization } = useSuspenseQuery(organizationQueries.active(organizationId));
  return (
    <Page title={t('settings.title')}>
      <div className="grid w-full max-w-3xl gap-6">
        <GeneralCard organization={organization} />
        <OrganizationMembers organization={organization} />
        <OrganizationInvitations organization={organization} />
        {teams}
        {integrations?.(organization.role)}
        <DangerZone organization={organization} />
      </div>
    </Page>
  );
}

function GeneralCard({ organization }: { organization: ActiveOrganization }) {
  const { t } = useTranslation('organization');
  return (
    <SectionCard
      title={t('settings.general.title')}
      actions={
        organizationCan(organization.role, { organization: ['update'] }) ? (
          <RenameOrganizationDialog organization={organization}>
            <Button variant="outline">
              <Pencil aria-hidden />
              {t('settings.general.edit')}
            </Button>
          </RenameOrganizationDialog>
        ) : null
      }
    >
      <OrganizationFacts
        organization={organization}
        slugLabel={t('settings.general.slug')}
        className="grid gap-4 sm:grid-cols-2"
        repositoriesLink={
          <Link to="/app/repositories" className={repositoriesLinkClass}>
            <FolderGit2 aria-hidden className="size-4" />
            {t('manager.detail.showRepositories')}
          </Link>
        }
      />
    </SectionCard>
  );
}

/**
 * Leaving (any member; better-auth refuses the sole owner, and the message says so) and deleting (the
 * owner, once the name is typed). Either way the user lands in another organization of theirs, or a new
 * workspace.
 */
function DangerZone({ organization }: { organization: ActiveOrganization }) {
  const { t } = useTranslation('organization');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutations = organizationSettingsMutations(queryClient, organization.id);
  const leave = useMutation(mutations.leave());
  const remove = useMutation(mutations.delete());
  const [refusal, setRefusal] = useState<string | null>(null);

  const run = async (mutate: () => Promise<unknown>, done: string) => {
    setRefusal(null);
    try {
      await mutate();
    } catch (error) {
      const message = translateError(t, error, ERROR_SCOPES);
      if (message) {
        setRefusal(message);
        toast.error(message);
      }
      return;
    }
    toast.success(done);
    await navigate({ to: '/app', replace: true });
  };

  return (
    <SectionCard title={t('settings.danger.title')} tone="danger">
      <div className="grid gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="grid min-w-0 flex-1 basis-64 gap-1">
            <p className="font-medium">{t('settings.leave.title')}</p>
            <p className="text-sm text-muted-foreground">{t('settings.leave.description')}</p>
            {refusal ? (
              <p role="alert" className="text-sm text-destructive">
                {refusal}
              </p>
            ) : null}
          </div>
          <ConfirmDialog
            title={t('settings.leave.confirmTitle', { name: organization.name })}
            description={t('settings.leave.description')}
            confirmLabel={t('settings.leave.action')}
            variant="destructive"
            onConfirm={() =>
              run(() => leave.mutateAsync(), t('settings.leave.done', { name: organization.name }))
            }
          >
            <Button variant="outline">
              <LogOut aria-hidden className="rtl:-scale-x-100" />
              {t('settings.leave.action')}
            </Button>
          </ConfirmDialog>
        </div>
        {organizationCan(organization.role, { organization: ['delete'] }) ? (
          <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-6">
            <div className="grid min-w-0 flex-1 basis-64 gap-1">
              <p className="font-medium">{t('manager.delete.action')}</p>
              <p className="text-sm text-muted-foreground">{t('settings.delete.description')}</p>
            </div>
            <ConfirmOrganizationDeletion
              organization={{ ...organization, memberCount: organization.members.length }}
              onConfirm={() =>
                run(() => remove.mutateAsync(), t('manager.delete.done', { name: organization.name }))
              }
            >
              <Button variant="destructive">
                <Trash2 aria-hidden />
                {t('manager.delete.action')}
              </Button>
            </ConfirmOrganizationDeletion>
          </div>
        ) : null}
      </div>
    </SectionCard>
  );
}
