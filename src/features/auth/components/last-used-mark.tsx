import { useTranslation } from 'react-i18next';

/**
 * "Last used", on the top corner of the sign-in button of the method this browser signed in with last
 * (a `relative` button): out of the flow, so it never widens the button on a narrow screen.
 */
export function LastUsedMark() {
  const { t } = useTranslation('auth');
  return (
    <span className="absolute -top-2.5 end-3 rounded-full border bg-background px-2 py-0.5 text-xs leading-none font-normal text-muted-foreground">
      {t('login.lastUsed')}
    </span>
  );
}
