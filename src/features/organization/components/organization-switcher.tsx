import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { Building2, Check, ChevronsUpDown, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '@/components/form/use-submit';
import { MenuItem, MenuPopover, useCloseMenu } from '@/components/layout/menu-popover';
import { TextLine } from '@/components/ui/text-line';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/features/auth/queries';
import { lazyImport } from '@/lib/lazy-import';
import { organizationMutations, organizationQueries } from '../queries';
import type { MyOrganization } from '../schema';

// Its form (react-hook-form and zod) is fetched when someone opens it, not with every page of the app.
const CreateOrganizationDialog = lazy(
  lazyImport(() =>
    import('./create-organization-dialog').then((module) => ({ default: module.CreateOrganizationDialog })),
  ),
);

/**
 * The app area's organization switcher, next to the product name: the active organization, and the user's
 * others to switch to. Switching drops everything cached of the previous one and reloads the screen's
 * data; a page of one of its repositories gives way to the list, as the new one has no such repository.
 * "New organization" creates one and switches to it.
 */
export function OrganizationSwitcher() {
  const { t } = useTranslation('organization');
  const session = useSession();
  const { data: mine } = useSuspenseQuery(organizationQueries.mine());
  const [creating, setCreating] = useState(false);
  const activeId = session?.session.activeOrganizationId;
  const active = mine.find((organization) => organization.id === activeId);
  if (!active) return null;

  return (
    <>
      <MenuPopover
        label={t('switcher.label')}
        placement="down-start"
        className="min-w-0 max-w-[min(16rem,40vw)]"
        trigger={
          <>
            <Building2 aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <TextLine className="min-w-0 flex-1 text-sm font-medium">{active.name}</TextLine>
            <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          </>
        }
      >
        <OrganizationChoices mine={mine} activeId={active.id} onCreate={() => setCreating(true)} />
      </MenuPopover>
      {creating ? (
        <Suspense fallback={null}>
          <CreateOrganizationDialog open onOpenChange={setCreating} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The switcher's panel: the user's organizations (the active one checked), then "New organization". */
function OrganizationChoices({
  mine,
  activeId,
  onCreate,
}: {
  mine: MyOrganization[];
  activeId: string;
  onCreate: () => void;
}) {
  const { t } = useTranslation('organization');
  const queryClient = useQueryClient();
  const router = useRouter();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const switchTo = useMutation(organizationMutations.switchTo(queryClient));
  const closeMenu = useCloseMenu();
  const { run } = useSubmit({ scopes: ['organization:errors'] });

  const choose = async (organizationId: string) => {
    if (organizationId === activeId || switchTo.isPending) return;
    await run(
      () => switchTo.mutateAsync(organizationId),
      async () => {
        // The choice is made: the panel closes (a navigation below would close it too).
        closeMenu();
        // An item page belongs to the previous organization: its list is the nearest page the new one has.
        const item = /^\/app\/repositories\/[^/]+/.test(pathname);
        if (item) await navigate({ to: '/app/repositories', replace: true });
        else await router.invalidate();
        toast.success(t('switcher.switched', { name: nameOf(mine, organizationId) }));
      },
    );
  };

  return (
    <div className="grid gap-1" aria-busy={switchTo.isPending}>
      {mine.map((organization) => {
        const current = organization.id === activeId;
        return (
          <MenuItem
            key={organization.id}
            aria-current={current ? 'true' : undefined}
            disabled={switchTo.isPending}
            onClick={() => void choose(organization.id)}
          >
            <Check aria-hidden className={current ? undefined : 'invisible'} />
            <span className="grid min-w-0 flex-1">
              <TextLine>{organization.name}</TextLine>
              <span className="text-xs font-normal text-muted-foreground">
                {t(`roles.${organization.role}`, { defaultValue: organization.role })}
              </span>
            </span>
          </MenuItem>
        );
      })}
      <div className="mt-1 border-t pt-1">
        <MenuItem onClick={onCreate}>
          <Plus aria-hidden />
          {t('create.action')}
        </MenuItem>
      </div>
    </div>
  );
}

function nameOf(mine: ReadonlyArray<{ id: string; name: string }>, id: string): string {
  return mine.find((organization) => organization.id === id)?.name ?? '';
}
