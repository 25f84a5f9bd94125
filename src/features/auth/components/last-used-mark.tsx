import { useTranslation } from 'react-i18next';

/** "Last used", inside the sign-in button of the method this browser signed in with last. */
export function LastUsedMark() {
  const { t } = useTranslation('auth');
  return (
    <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-normal text-muted-foreground">
      {t('login.lastUsed')}
    </span>
  );
}
