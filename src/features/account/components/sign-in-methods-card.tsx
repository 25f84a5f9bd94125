import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { KeyRound, LogIn, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '@/components/form/use-submit';
import { providerName } from '@/lib/providers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { authQueries } from '@/features/auth/queries';
import { passkeyQueries } from '@/features/passkey/queries';
import { accountMutations, accountQueries } from '../queries';
import type { LinkedProvider } from '../schema';
import { EmailAddress } from './email-address';
import { dateTimeFormat } from '@/lib/intl';

/**
 * Every way into the account: a code by e-mail (always), its passkeys, and each linked provider, which
 * can be unlinked (the e-mail code still signs in). Unlinking needs a recent sign-in (step-up).
 */
export function SignInMethodsCard({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const providers = useQuery(accountQueries.providers());
  const passkeys = useQuery(passkeyQueries.mine());
  return (
    <SectionCard title={t('methods.title')} description={t('methods.description')}>
      <ul className="grid gap-2">
        <Method icon={<Mail aria-hidden />} title={t('methods.code')}>
          <EmailAddress email={email} />
        </Method>
        <Method icon={<KeyRound aria-hidden />} title={t('passkeys.title')}>
          {passkeys.data ? t('methods.passkeys', { count: passkeys.data.length }) : '…'}
        </Method>
        {providers.isPending ? <Skeleton className="h-14" /> : null}
        {providers.data?.map((provider) => (
          <ProviderMethod key={provider.id} provider={provider} />
        ))}
      </ul>
    </SectionCard>
  );
}

function Method({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-md border p-3" data-testid="sign-in-method">
      <span className="text-muted-foreground [&_svg]:size-5">{icon}</span>
      <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
        <p className="font-medium">{title}</p>
        <div className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{children}</div>
      </div>
      {action}
    </li>
  );
}

function ProviderMethod({ provider }: { provider: LinkedProvider }) {
  const { t, i18n } = useTranslation('account');
  const queryClient = useQueryClient();
  const { data: config } = useSuspenseQuery(authQueries.config());
  const unlink = useMutation(accountMutations.unlinkProvider(queryClient));
  const { run } = useSubmit({ scopes: ['account:errors'] });
  const name = providerName(
    provider.providerId,
    config.providers.find((p) => p.id === provider.providerId)?.name,
  );
  const linkedAt = dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(provider.linkedAt));
  const onConfirm = () =>
    run(
      () => unlink.mutateAsync(provider.id),
      () => toast.success(t('methods.unlinked', { provider: name })),
    );
  return (
    <Method
      icon={<LogIn aria-hidden className="rtl:-scale-x-100" />}
      title={name}
      action={
        <ConfirmDialog
          title={t('methods.unlinkTitle', { provider: name })}
          description={t('methods.unlinkConfirm', { provider: name })}
          confirmLabel={t('methods.unlink')}
          variant="destructive"
          onConfirm={onConfirm}
        >
          <Button variant="outline" size="sm" aria-label={t('methods.unlinkNamed', { provider: name })}>
            {t('methods.unlink')}
          </Button>
        </ConfirmDialog>
      }
    >
      {t('methods.linkedOn', { date: linkedAt })}
    </Method>
  );
}
