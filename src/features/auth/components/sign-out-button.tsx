import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSignOut } from '../use-sign-out';

/** Sign Out behind an "Are you sure?" confirmation. */
export function SignOutButton({
  variant = 'outline',
  className,
}: {
  variant?: 'outline' | 'ghost';
  className?: string;
}) {
  const { t } = useTranslation('auth');
  const signOut = useSignOut();
  const label = t('signOut.action');
  return (
    <ConfirmDialog description={t('signOut.description')} onConfirm={signOut}>
      <Button variant={variant} className={className}>
        <LogOut aria-hidden className="rtl:-scale-x-100" />
        {label}
      </Button>
    </ConfirmDialog>
  );
}
