import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '~/app.config';
import { Button } from '@/components/ui/button';
import type { AuthConfig } from '../schema';

/** Development and demo help: sample accounts filled in one click, the dev inbox, the demo code. */
export function LoginHint({ config, onPick }: { config: AuthConfig; onPick: (email: string) => void }) {
  const { t } = useTranslation('auth');
  const accounts = [appConfig.seed.adminEmail, appConfig.seed.userEmail];
  return (
    <aside
      aria-labelledby="login-hint-title"
      className="flex flex-col gap-3 rounded-lg border border-dashed bg-muted/50 p-4 text-sm"
    >
      <p id="login-hint-title" className="flex items-center gap-2 font-medium">
        <Info className="size-4 shrink-0" aria-hidden />
        {config.demo ? t('login.hint.demo') : t('login.hint.development')}
      </p>
      <p className="text-muted-foreground">{t('login.hint.accounts')}</p>
      <div className="flex flex-wrap gap-2">
        {accounts.map((email) => (
          <Button
            key={email}
            type="button"
            variant="outline"
            size="sm"
            className="min-w-0"
            aria-label={t('login.hint.fill', { email })}
            onClick={() => onPick(email)}
          >
            <span className="truncate" dir="ltr">
              {email}
            </span>
          </Button>
        ))}
      </div>
      {config.demo ? (
        <p className="text-muted-foreground">{t('login.hint.demoCode', { code: appConfig.auth.demoCode })}</p>
      ) : null}
      {config.devInboxUrl ? (
        <a
          href={config.devInboxUrl}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('login.hint.inbox')}
        </a>
      ) : null}
    </aside>
  );
}
