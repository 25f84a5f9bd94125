import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { EditorPage } from '@/components/layout/editor-page';
import { repositoryMutations, repositoryQueries } from '../queries';
import type { RepositoryDetail } from '../schema';
import { RepositoryForm } from './repository-form';

/** Opens the saved repository's page; the form's entry is replaced, so Back does not return to it. */
function useOpenSaved(message: string) {
  const navigate = useNavigate();
  return (saved: RepositoryDetail) => {
    toast.success(message);
    void navigate({ to: '/manager/repositories/$id', params: { id: saved.id }, replace: true });
  };
}

/** "New repository": on success, its detail page. */
export function RepositoryCreatePage() {
  const { t } = useTranslation('repository');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation(repositoryMutations.create(queryClient));
  const openSaved = useOpenSaved(t('create.done'));
  return (
    <EditorPage title={t('pages.create')} backTo="/manager/repositories">
      <RepositoryForm
        submitLabel={t('create.submit')}
        onSubmit={(values) => create.mutateAsync(values)}
        onSaved={openSaved}
        onCancel={() => void navigate({ to: '/manager/repositories' })}
      />
    </EditorPage>
  );
}

/** "Edit repository", starting from the stored values; on success, the detail page. */
export function RepositoryUpdatePage({ id }: { id: string }) {
  const { t } = useTranslation('repository');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: repository } = useSuspenseQuery(repositoryQueries.detail(id));
  const update = useMutation(repositoryMutations.update(queryClient, id));
  const openSaved = useOpenSaved(t('update.done'));
  return (
    <EditorPage title={t('pages.update')} backTo={`/manager/repositories/${id}`}>
      <RepositoryForm
        defaultValues={{
          name: repository.name,
          link: repository.link,
          description: repository.description ?? '',
        }}
        submitLabel={t('update.submit')}
        onSubmit={(values) => update.mutateAsync(values)}
        onSaved={openSaved}
        onCancel={() => void navigate({ to: '/manager/repositories/$id', params: { id } })}
      />
    </EditorPage>
  );
}
