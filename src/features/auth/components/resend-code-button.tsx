import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { authMutations } from '../queries';
import { translateError } from '@/lib/translate-error';

/** Seconds before another code may be asked for (a code was just sent when the screen opens). */
const RESEND_COOLDOWN_SECONDS = 30;

/**
 * "Resend code", disabled with a visible countdown for 30 s after each send. The clock starts after
 * hydration, so the server and the browser render the same first text.
 */
export function ResendCodeButton({
  email,
  onSent,
  onError,
}: {
  email: string;
  onSent: () => void;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation('auth');
  const [remaining, setRemaining] = useState(RESEND_COOLDOWN_SECONDS);
  const sendCode = useMutation(authMutations.sendCode());
  // Bumped after each resend to restart the countdown.
  const [round, setRound] = useState(0);

  useEffect(() => {
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      const left = Math.max(0, RESEND_COOLDOWN_SECONDS - Math.floor((Date.now() - startedAt) / 1000));
      setRemaining(left);
      if (left === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [round]);

  const resend = async () => {
    onError(null);
    try {
      await sendCode.mutateAsync(email);
    } catch (error) {
      return onError(translateError(t, error));
    }
    setRemaining(RESEND_COOLDOWN_SECONDS);
    setRound((n) => n + 1);
    toast.success(t('verify.resent', { email }));
    onSent();
  };

  const waiting = remaining > 0;
  const sending = sendCode.isPending;
  return (
    <Button
      type="button"
      variant="ghost"
      className="w-full whitespace-normal"
      disabled={waiting || sending}
      aria-busy={sending}
      onClick={() => void resend()}
    >
      <span className="tabular-nums">
        {waiting ? t('verify.resendIn', { count: remaining }) : t('verify.resend')}
      </span>
    </Button>
  );
}
