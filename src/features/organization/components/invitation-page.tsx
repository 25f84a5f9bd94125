import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { Building2, Check, LogIn, LogOut, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form/form-alert';
import { useSubmit } from '@/components/form/use-submit';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { authMutations, authQueries, forgetOtherQueries, useSession } from '@/features/auth/queries';
import { translateError } from '@/lib/translate-error';
import { invitationMutations, organizationQueries } from '../queries';
import type { InvitationView } from '../schema';
import { dateTimeFormat } from '@/lib/intl';

const ERROR_SCOPES = ['organization:invitationPage.errors'];

/**
 * /invitations/{id}: the invitation its link leads to. The visitor signs in (or signs up) with a code as
 * the invited address, then accepts or declines; anyone else signed in is told the invitation is not
 * theirs and may sign out to switch account. An invitation that can no longer be accepted says why.
 */
export function InvitationPage({ id }: { id: string }) {
  const { t, i18n } = useTranslation('organization');
  const { data: invitation } = useSuspenseQuery(organizationQueries.invitation(id));
  const session = useSession();
  const [declined, setDeclined] = useState(false);
  const expires = dateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(invitation.expiresAt),
  );
  const role = t(`roles.${invitation.role}`, { defaultValue: invitation.role });
  const recipient = session?.user.email.toLowerCase() === invitation.email.toLowerCase();

  let answer: ReactNode;
  if (declined) {
    answer = (
      <Outcome message={t('invitationPage.declined', { organization: invitation.organizationName })} />
    );
  } else if (invitation.problem) {
    answer = <Outcome message={t(`invitationPage.problems.${invitation.problem}`)} alert />;
  } else if (!session) {
    answer = <SignInToAnswer invitation={invitation} />;
  } else if (!recipient) {
    answer = <NotTheRecipient invitation={invitation} signedInAs={session.user.email} />;
  } else {
    answer = <Answer invitation={invitation} onDeclined={() => setDeclined(true)} />;
  }

  return (
    <main id="main" className="flex flex-1 justify-center px-4 py-10 sm:items-center sm:py-16">
      <div className="flex w-full max-w-md flex-col gap-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted" aria-hidden>
            <Building2 className="size-6 text-muted-foreground" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight text-balance">
            <Trans
              t={t}
              ns="organization"
              i18nKey="invitationPage.title"
              values={{ organization: invitation.organizationName }}
              components={{ name: <bdi /> }}
            />
          </h1>
          <p className="text-sm text-pretty text-muted-foreground">
            <Trans
              t={t}
              ns="organization"
              i18nKey="invitationPage.description"
              values={{ inviter: invitation.inviterName, organization: invitation.organizationName, role }}
              components={{ name: <bdi className="font-medium text-foreground" /> }}
            />
          </p>
        </div>
        <dl className="grid gap-3 rounded-lg border bg-card p-4 text-sm">
          <Detail label={t('invitationPage.fields.organization')}>
            <bdi>{invitation.organizationName}</bdi>
          </Detail>
          <Detail label={t('invitationPage.fields.inviter')}>
            <bdi>{invitation.inviterName}</bdi>
          </Detail>
          <Detail label={t('invitationPage.fields.role')}>{role}</Detail>
          <Detail label={t('invitationPage.fields.email')}>
            <bdi dir="ltr">{invitation.email}</bdi>
          </Detail>
          <Detail label={t('invitationPage.fields.expires')}>
            <time dateTime={invitation.expiresAt}>{expires}</time>
          </Detail>
        </dl>
        {answer}
      </div>
    </main>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium break-words">{children}</dd>
    </div>
  );
}

/** Why nothing more can be done here (or what was just done), and a way home. */
function Outcome({ message, alert = false }: { message: string; alert?: boolean }) {
  const { t } = useTranslation('organization');
  return (
    <div className="flex flex-col gap-4">
      {alert ? (
        <FormAlert message={message} />
      ) : (
        <p role="status" className="rounded-md border bg-muted/40 px-3 py-2 text-center text-sm">
          {message}
        </p>
      )}
      <Button variant="outline" asChild className="self-center">
        <Link to="/">{t('invitationPage.home')}</Link>
      </Button>
    </div>
  );
}

/** Signed out: sign in (or up) with a code as the invited address, then come back here. */
function SignInToAnswer({ invitation }: { invitation: InvitationView }) {
  const { t } = useTranslation('organization');
  const { data: config } = useSuspenseQuery(authQueries.config());
  return (
    <div className="flex flex-col gap-3">
      <p className="text-center text-sm text-pretty text-muted-foreground">
        {t(config.signUpEnabled ? 'invitationPage.signInSignUp' : 'invitationPage.signIn')}
      </p>
      <Button asChild className="h-auto min-h-10 w-full whitespace-normal">
        <Link to="/login" search={{ redirect: `/invitations/${invitation.id}`, email: invitation.email }}>
          <LogIn aria-hidden className="rtl:-scale-x-100" />
          <span>
            <Trans
              t={t}
              ns="organization"
              i18nKey="invitationPage.signInAs"
              values={{ email: invitation.email }}
              components={{ email: <bdi dir="ltr" className="break-all" /> }}
            />
          </span>
        </Link>
      </Button>
    </div>
  );
}

/**
 * Signed in as someone else: better-auth would refuse them (YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION),
 * so the page says so at once, and signing out leads to sign-in as the invited address, back here.
 */
function NotTheRecipient({ invitation, signedInAs }: { invitation: InvitationView; signedInAs: string }) {
  const { t } = useTranslation('organization');
  const queryClient = useQueryClient();
  const router = useRouter();
  const signOut = useMutation(authMutations.signOut(queryClient));
  const { formError: error, run } = useSubmit({ scopes: ERROR_SCOPES, show: 'alert' });
  const switchAccount = () =>
    run(
      () => signOut.mutateAsync(),
      async () => {
        await router.navigate({
          to: '/login',
          search: { redirect: `/invitations/${invitation.id}`, email: invitation.email },
          replace: true,
        });
        // Only once the signed-in screen is gone: removing its queries under it would refetch them.
        forgetOtherQueries(queryClient);
        await router.invalidate();
      },
    );
  return (
    <div className="flex flex-col gap-4">
      <FormAlert
        message={translateError(t, { code: 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION' }, ERROR_SCOPES)}
      />
      <div className="grid gap-0.5 text-center text-sm">
        <p className="text-muted-foreground">{t('invitationPage.signedInAs')}</p>
        <p dir="ltr" className="font-medium break-all">
          {signedInAs}
        </p>
      </div>
      <FormAlert message={error} />
      <Button
        variant="outline"
        onClick={() => void switchAccount()}
        disabled={signOut.isPending}
        aria-busy={signOut.isPending}
        className="h-auto min-h-10 w-full whitespace-normal"
      >
        <LogOut aria-hidden className="rtl:-scale-x-100" />
        {t('invitationPage.signOut')}
      </Button>
    </div>
  );
}

/** The recipient: Accept (then into the organization, in the app area) or Decline (after a confirmation). */
function Answer({ invitation, onDeclined }: { invitation: InvitationView; onDeclined: () => void }) {
  const { t } = useTranslation('organization');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const accept = useMutation(invitationMutations.accept(queryClient));
  const decline = useMutation(invitationMutations.decline(queryClient));
  const { formError: error, run } = useSubmit({ scopes: ERROR_SCOPES, show: 'alert' });
  const busy = accept.isPending || decline.isPending;

  const onAccept = () =>
    run(
      () => accept.mutateAsync(invitation.id),
      () => navigate({ to: '/app', replace: true }),
    );
  const onDecline = () =>
    run(
      () => decline.mutateAsync(invitation.id),
      () => onDeclined(),
    );

  return (
    <div className="flex flex-col gap-3">
      <FormAlert message={error} />
      <Button onClick={() => void onAccept()} disabled={busy} aria-busy={accept.isPending} className="w-full">
        <Check aria-hidden />
        {t('invitationPage.accept')}
      </Button>
      <ConfirmDialog
        title={t('invitationPage.declineTitle')}
        description={t('invitationPage.declineDescription', { organization: invitation.organizationName })}
        confirmLabel={t('invitationPage.decline')}
        variant="destructive"
        onConfirm={onDecline}
      >
        <Button variant="outline" disabled={busy} className="w-full">
          <X aria-hidden />
          {t('invitationPage.decline')}
        </Button>
      </ConfirmDialog>
    </div>
  );
}
