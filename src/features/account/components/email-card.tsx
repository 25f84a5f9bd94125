import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { lazyPart } from '@/lib/lazy-part';
import { EmailAddress } from './email-address';

// The two steps' forms (react-hook-form, zod, the code field) are fetched when one is shown: after "Change",
// or on a reload of the code step, which the server renders and the page hydrates once its code is here.
const RequestEmailChangeForm = lazyPart(() =>
  import('./request-email-change-form').then((module) => module.RequestEmailChangeForm),
);
const ConfirmEmailChangeForm = lazyPart(() =>
  import('./confirm-email-change-form').then((module) => module.ConfirmEmailChangeForm),
);

/**
 * The sign-in address and how to change it: the new address first, then the code mailed to it. The
 * pending address lives in the URL (`?newEmail=`), so the code step survives a reload.
 */
export function EmailCard({
  email,
  pendingEmail,
  onPendingEmailChange,
}: {
  email: string;
  /** The address waiting for its code, or '' before one was asked for. */
  pendingEmail: string;
  onPendingEmailChange: (email: string) => void;
}) {
  const { t } = useTranslation('account');
  const [editing, setEditing] = useState(false);
  const step = pendingEmail ? 'code' : editing ? 'address' : 'idle';

  return (
    <SectionCard
      title={t('email.title')}
      description={t('email.description')}
      actions={
        step === 'idle' ? (
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Mail aria-hidden />
            {t('email.change')}
          </Button>
        ) : null
      }
    >
      <p className="grid gap-0.5 text-sm">
        <span className="text-muted-foreground">{t('email.current')}</span>
        <EmailAddress email={email} className="min-w-0 font-medium [overflow-wrap:anywhere]" />
      </p>
      {step === 'address' ? (
        <RequestEmailChangeForm
          currentEmail={email}
          onSent={(sentTo) => {
            setEditing(false);
            onPendingEmailChange(sentTo);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : null}
      {step === 'code' ? (
        <ConfirmEmailChangeForm
          newEmail={pendingEmail}
          onDone={() => onPendingEmailChange('')}
          // "Use another address" goes back to the address step, not out of the change.
          onCancel={() => {
            setEditing(true);
            onPendingEmailChange('');
          }}
        />
      ) : null}
    </SectionCard>
  );
}
