import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { useSession } from '@/features/auth/queries';
import { isEmail } from '@/lib/email';
import { ChangeNameDialog } from './change-name-dialog';
import { DataExportCard } from './data-export-card';
import { DeleteAccountCard } from './delete-account-card';
import { EmailCard } from './email-card';
import { ProfileCard } from './profile-card';
import { SecurityAlertsCard } from './security-alerts-card';
import { SessionsCard } from './sessions-card';
import { SignInMethodsCard } from './sign-in-methods-card';

export type AccountSearch = { state: '' | 'change-name'; newEmail: string };

/**
 * /app/account and /manager/account. The open dialog and the address waiting for its code are URL
 * state, changed through `onSearchChange` (the route replaces the history entry). Passkeys and preferences
 * arrive from the route as slots: they belong to other features.
 */
export function AccountPage({
  search,
  onSearchChange,
  preferences,
  passkeys,
}: {
  search: AccountSearch;
  onSearchChange: (next: Partial<AccountSearch>) => void;
  preferences?: ReactNode;
  passkeys?: ReactNode;
}) {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) return null;
  const { user } = session;
  // A hand-edited or stale ?newEmail= (not an address, or already the account's) shows no code step.
  const pendingEmail =
    isEmail(search.newEmail) && search.newEmail.toLowerCase() !== user.email.toLowerCase()
      ? search.newEmail.toLowerCase()
      : '';

  return (
    <Page title={t('pages.account')}>
      <div className="grid w-full max-w-3xl gap-6">
        <ProfileCard user={user} onChangeName={() => onSearchChange({ state: 'change-name' })} />
        <ChangeNameDialog
          open={search.state === 'change-name'}
          onOpenChange={(open) => onSearchChange({ state: open ? 'change-name' : '' })}
          currentName={user.name}
        />
        <EmailCard
          email={user.email}
          pendingEmail={pendingEmail}
          onPendingEmailChange={(newEmail) => onSearchChange({ newEmail })}
        />
        <SignInMethodsCard email={user.email} />
        {passkeys}
        {preferences}
        <SecurityAlertsCard />
        <SessionsCard />
        <DataExportCard />
        <DeleteAccountCard email={user.email} />
      </div>
    </Page>
  );
}
