import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { cn } from '@/lib/utils';
import { useSignOut } from '../use-sign-out';

/** Sign Out behind an "Are you sure?" confirmation. `compact` shows only the icon on small screens. */
export function SignOutButton({
  compact = false,
  variant = 'outline',
  className,
}: {
  compact?: boolean;
  variant?: 'outline' | 'ghost';
  className?: string;
}) {
  const { t } = useTranslation('auth');
  const signOut = useSignOut();
  const label = t('signOut.action');
  return (
    <ConfirmDialog description={t('signOut.description')} onConfirm={signOut}>
      <Button variant={variant} className={cn(compact && 'max-sm:size-10 max-sm:px-0', className)}>
        <LogOut aria-hidden className="rtl:-scale-x-100" />
        <span className={cn(compact && 'max-sm:sr-only')}>{label}</span>
      </Button>
    </ConfirmDialog>
  );
}
