import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { EditorPage } from '@/components/layout/editor-page';
import { useSession } from '@/features/auth/queries';
import { formOutcomeOf, type UserFormOutcome } from '../errors';
import { userMutations, userQueries } from '../queries';
import type { UserForm as UserFormValues } from '../schema';
import { formRoleOf } from '../search';
import { UserForm } from './user-form';

/**
 * "Update user": only what changed is sent — name and e-mail through better-auth's admin update-user, the
 * role through set-role (never for yourself: your own role is shown read-only).
 */
export function UserUpdatePage({ id }: { id: string }) {
  const { t } = useTranslation('user');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: user } = useSuspenseQuery(userQueries.detail(id));
  const self = useSession()?.user.id === id;
  const currentRole = formRoleOf(user.role);
  // Each refreshes the user's lists and detail, and your session when the user is you.
  const update = useMutation(userMutations.update(queryClient, id));
  const setRole = useMutation(userMutations.setRole(queryClient, id));

  const save = async (values: UserFormValues): Promise<UserFormOutcome> => {
    const changes: { name?: string; email?: string } = {};
    if (values.name !== user.name) changes.name = values.name;
    if (values.email !== user.email) changes.email = values.email;
    try {
      if (Object.keys(changes).length > 0) await update.mutateAsync(changes);
      if (!self && values.role !== currentRole) await setRole.mutateAsync(values.role);
    } catch (error) {
      return formOutcomeOf(t, error);
    }
    toast.success(t('update.success'));
    return {
      status: 'saved',
      next: () => void navigate({ to: '/manager/users/$id', params: { id }, replace: true }),
    };
  };

  return (
    <EditorPage title={t('pages.update')} backTo={`/manager/users/${id}`}>
      <UserForm
        defaultValues={{ name: user.name, email: user.email, role: currentRole }}
        roleReadOnly={self}
        submitLabel={t('update.submit')}
        cancelTo={{ to: '/manager/users/$id', params: { id } }}
        onSubmit={save}
      />
    </EditorPage>
  );
}
