import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { EditorPage } from '@/components/layout/editor-page';
import { formOutcomeOf } from '../errors';
import { userMutations } from '../queries';
import type { UserForm as UserFormValues } from '../schema';
import type { UserFormOutcome } from '../errors';
import { UserForm } from './user-form';

/** "New user": better-auth's admin create-user, then the new user's page. */
export function UserCreatePage() {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const createUser = useMutation(userMutations.create(queryClient));

  const create = async (values: UserFormValues): Promise<UserFormOutcome> => {
    let id: string | undefined;
    try {
      // Refreshes the lists before the new user's page opens.
      id = (await createUser.mutateAsync(values))?.user.id;
    } catch (error) {
      return formOutcomeOf(t, error);
    }
    if (!id) return { status: 'error', message: tc('errors.unknown') };
    toast.success(t('create.success'));
    return {
      status: 'saved',
      next: () => void navigate({ to: '/manager/users/$id', params: { id }, replace: true }),
    };
  };

  return (
    <EditorPage title={t('pages.create')} backTo="/manager/users">
      <UserForm
        defaultValues={{ name: '', email: '', role: 'user' }}
        submitLabel={t('create.submit')}
        cancelTo={{ to: '/manager/users' }}
        onSubmit={create}
      />
    </EditorPage>
  );
}
