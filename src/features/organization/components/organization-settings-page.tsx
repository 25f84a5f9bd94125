import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { FolderGit2, LogOut, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { toast } from '@/components/ui/toast';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { organizationCan } from '@/features/auth/permissions';
import { translateError } from '@/lib/translate-error';
import { organizationQueries, organizationSettingsMutations } from '../queries';
import type { ActiveOrganization } from '../schema';
import { OrganizationInvitations, OrganizationMembers } from './organization-members';
import { Item } from './organization-sections';
import { RenameOrganizationDialog } from './rename-organization-dialog';

export const SETTINGS_ERROR_SCOPES = ['organization:settings.errors'];

/**
 * /app/organization: the active organization's name and address, members, pending invitations, the
 * teams (a slot: the route passes the teams section) and leaving or deleting it. Controls show as the
 * viewer's role grants them (spec §6); better-auth checks the same rights on every call.
 */
export function OrganizationSettingsPage({
  organizationId,
  teams,
}: {
  organizationId: string;
  teams?: React.ReactNode;
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
        <DangerZone organization={organization} />
      </div>
    </Page>
  );
}

function GeneralCard({ organization }: { organization: ActiveOrganization }) {
  const { t, i18n } = useTranslation('organization');
  const created = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(organization.createdAt),
  );
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
      <dl className="grid gap-4 sm:grid-cols-2">
        <Item label={t('manager.detail.name')}>
          <span dir="auto" className="break-words">
            {organization.name}
          </span>
        </Item>
        <Item label={t('settings.general.slug')}>
          <bdi dir="ltr" className="break-all">
            {organization.slug}
          </bdi>
        </Item>
        <Item label={t('manager.detail.created')}>
          <time dateTime={organization.createdAt}>{created}</time>
        </Item>
        <Item label={t('manager.detail.repositories')}>
          <span className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="tabular-nums">
              {new Intl.NumberFormat(i18n.language).format(organization.repositoryCount)}
            </span>
            <Link
              to="/app/repositories"
              className="inline-flex min-h-11 items-center gap-1 font-medium text-primary underline-offset-4 hover:underline md:min-h-0"
            >
              <FolderGit2 aria-hidden className="size-4" />
              {t('manager.detail.showRepositories')}
            </Link>
          </span>
        </Item>
      </dl>
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
      const message = translateError(t, error, SETTINGS_ERROR_SCOPES);
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
            <TypedConfirmDialog
              title={t('manager.delete.title')}
              description={t('manager.delete.description', {
                members: t('manager.list.members', { count: organization.members.length }),
                repositories: t('manager.list.repositories', { count: organization.repositoryCount }),
              })}
              confirmLabel={t('manager.delete.action')}
              expected={organization.name}
              onConfirm={() =>
                run(() => remove.mutateAsync(), t('manager.delete.done', { name: organization.name }))
              }
              label={
                <Trans
                  t={t}
                  ns="organization"
                  i18nKey="manager.delete.typeName"
                  values={{ name: organization.name }}
                  components={{ name: <bdi className="font-semibold [overflow-wrap:anywhere]" /> }}
                />
              }
            >
              <Button variant="destructive">
                <Trash2 aria-hidden />
                {t('manager.delete.action')}
              </Button>
            </TypedConfirmDialog>
          </div>
        ) : null}
      </div>
    </SectionCard>
  );
}
