import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { TopBar } from '@/components/layout/top-bar';
import { authRequest } from '@/lib/auth-client';
import { formOutcomeOf } from '../errors';
import { userKeys } from '../queries';
import type { UserForm as UserFormValues } from '../schema';
import type { UserFormOutcome } from '../errors';
import { UserForm } from './user-form';

/** "New user": better-auth's admin create-user, then the new user's page. */
export function CreateUserPage() {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const create = async ({ name, email, role }: UserFormValues): Promise<UserFormOutcome> => {
    const result = await authRequest((client, fetchOptions) =>
      client.admin.createUser({
        name,
        email,
        role,
        // No password: the user signs in with an e-mail code. The server marks them onboarded (they have
        // a name) by its own clock; the address is proven (verified) by their first code.
        fetchOptions,
      }),
    );
    if (result.error) return formOutcomeOf(t, result.error);
    const id = result.data?.user.id;
    if (!id) return { status: 'error', message: tc('errors.unknown') };
    await queryClient.invalidateQueries({ queryKey: userKeys.lists });
    toast.success(t('create.success'));
    return {
      status: 'saved',
      next: () => void navigate({ to: '/manager/users/$id', params: { id }, replace: true }),
    };
  };

  return (
    <main id="main" className="mx-auto flex w-full max-w-5xl flex-1 flex-col">
      <TopBar
        title={tc('pages.newUser')}
        backTo="/manager/users"
        className="md:static md:border-b-0 md:bg-transparent"
      />
      <div className="px-4 py-6 sm:px-6">
        <UserForm
          defaultValues={{ name: '', email: '', role: 'user' }}
          submitLabel={t('create.submit')}
          cancelTo={{ to: '/manager/users' }}
          onSubmit={create}
        />
      </div>
    </main>
  );
}
