import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { EditorPage } from '@/components/layout/editor-page';
import { organizationQueries } from '@/features/organization/queries';
import { repositoryMutations, repositoryQueries, useRepositoryOwner } from '../queries';
import type { RepositoryDetail } from '../schema';
import { detailRoute, listRoute, type RepositoryArea } from './area';
import { RepositoryForm } from './repository-form';

/** Opens the saved repository's page; the form's entry is replaced, so Back does not return to it. */
function useOpenSaved(area: RepositoryArea, message: string) {
  const navigate = useNavigate();
  return (saved: RepositoryDetail) => {
    toast.success(message);
    void navigate({ to: detailRoute(area), params: { id: saved.id }, replace: true });
  };
}

/**
 * "New repository": in the app area it goes to the active organization, in the manager area the form asks
 * for the organization. On success, its detail page.
 */
export function RepositoryCreatePage({ area }: { area: RepositoryArea }) {
  const { t } = useTranslation('repository');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation(repositoryMutations.create(queryClient, useRepositoryOwner(area)));
  const openSaved = useOpenSaved(area, t('create.done'));
  return (
    <EditorPage title={t('pages.create')} backTo={listRoute(area)}>
      {area === 'manager' ? (
        <PlatformRepositoryForm
          onSubmit={(values) => create.mutateAsync(values)}
          onSaved={openSaved}
          onCancel={() => void navigate({ to: listRoute(area) })}
        />
      ) : (
        <RepositoryForm
          submitLabel={t('create.submit')}
          onSubmit={(values) => create.mutateAsync(values)}
          onSaved={openSaved}
          onCancel={() => void navigate({ to: listRoute(area) })}
        />
      )}
    </EditorPage>
  );
}

function PlatformRepositoryForm(
  props: Omit<Parameters<typeof RepositoryForm<RepositoryDetail>>[0], 'organizations' | 'submitLabel'>,
) {
  const { t } = useTranslation('repository');
  const { data: organizations } = useSuspenseQuery(organizationQueries.choices());
  return <RepositoryForm {...props} organizations={organizations} submitLabel={t('create.submit')} />;
}

/** "Edit repository", starting from the stored values; on success, the detail page. */
export function RepositoryUpdatePage({ area, id }: { area: RepositoryArea; id: string }) {
  const { t } = useTranslation('repository');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const owner = useRepositoryOwner(area);
  const { data: repository } = useSuspenseQuery(repositoryQueries.detail(owner, id));
  const update = useMutation(repositoryMutations.update(queryClient, owner, id));
  const openSaved = useOpenSaved(area, t('update.done'));
  return (
    <EditorPage title={t('pages.update')} backTo={`${listRoute(area)}/${id}`}>
      <RepositoryForm
        defaultValues={{
          name: repository.name,
          link: repository.link,
          description: repository.description ?? '',
        }}
        submitLabel={t('update.submit')}
        onSubmit={(values) => update.mutateAsync(values)}
        onSaved={openSaved}
        onCancel={() => void navigate({ to: detailRoute(area), params: { id } })}
      />
    </EditorPage>
  );
}
