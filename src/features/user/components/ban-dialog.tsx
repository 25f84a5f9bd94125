import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { z } from 'zod';
import { appConfig } from '~/app.config';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { DateField, TextareaField } from '@/components/form/fields';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { userMutations } from '../queries';
import { translateError } from '@/lib/translate-error';

const banDurations = ['day', 'week', 'month', 'permanent', 'date'] as const;
type BanDuration = (typeof banDurations)[number];
const DAYS: Partial<Record<BanDuration, number>> = { day: 1, week: 7, month: 30 };
/** The server refuses more than a century (rules.server.ts); the picker stops a little before. */
const MAX_YEARS = 99;

// Messages are `user` keys; the server checks the same limits (rules.server.ts).
const zBanForm = z
  .object({
    reason: z.string().trim().max(appConfig.limits.banReasonMax, 'ban.validation.reasonTooLong'),
    duration: z.enum(banDurations),
    until: z.date().optional(),
  })
  .refine((form) => form.duration !== 'date' || form.until, {
    path: ['until'],
    message: 'ban.validation.dateRequired',
  });
type BanForm = z.input<typeof zBanForm>;

/** When a ban chosen at `now` ends: a Date, null for a permanent ban, undefined while no date is picked. */
function banEnd(duration: BanDuration, until: Date | undefined, now: Date): Date | null | undefined {
  if (duration === 'permanent') return null;
  const days = DAYS[duration];
  if (days) return new Date(now.getTime() + days * 86_400_000);
  return until;
}

/** The ban's length in seconds from this instant (the dialog may have stayed open since its preview). */
function secondsLeft(duration: BanDuration, until: Date | undefined): number | undefined {
  const now = new Date();
  const ends = banEnd(duration, until, now);
  return ends ? Math.round((ends.getTime() - now.getTime()) / 1000) : undefined;
}

const startOfTomorrow = (now: Date) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);

type BanDialogProps = {
  user: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** "Ban {name}": an optional reason and a duration, with the end date shown before confirming. */
export function BanDialog({ user, open, onOpenChange }: BanDialogProps) {
  const { t } = useTranslation('user');
  const [busy, setBusy] = useState(false);
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={t('ban.title', { name: user.name })}
      description={t('ban.description')}
    >
      <BanFormBody user={user} onBusyChange={setBusy} onClose={() => onOpenChange(false)} />
    </ResponsiveDialog>
  );
}

function BanFormBody({
  user,
  onBusyChange,
  onClose,
}: {
  user: { id: string; name: string };
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('user');
  const queryClient = useQueryClient();
  const banUser = useMutation(userMutations.ban(queryClient, user.id));
  const [formError, setFormError] = useState<string | null>(null);
  const [now] = useState(() => new Date());
  const form = useForm<BanForm>({
    resolver: zodResolver(zBanForm),
    defaultValues: { reason: '', duration: 'week', until: undefined },
  });
  const [duration, until] = useWatch({ control: form.control, name: ['duration', 'until'] });
  const end = banEnd(duration, until, now);
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const seconds = secondsLeft(values.duration, values.until);
    if (seconds !== undefined && seconds <= 0) {
      form.setError('until', { message: 'ban.validation.datePast' }, { shouldFocus: true });
      return;
    }
    onBusyChange(true);
    try {
      // The user's lists and detail are read again before the dialog closes.
      await banUser.mutateAsync({ banReason: values.reason.trim() || undefined, banExpiresIn: seconds });
    } catch (error) {
      setFormError(translateError(t, error, ['user:ban.errors', 'user:errors']));
      return;
    } finally {
      onBusyChange(false);
    }
    toast.success(t('ban.success', { name: user.name }));
    onClose();
  });

  const submitting = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextareaField
        control={form.control}
        name="reason"
        ns="user"
        label={t('ban.reason')}
        description={t('ban.reasonHint', { max: appConfig.limits.banReasonMax })}
        maxLength={appConfig.limits.banReasonMax}
        dir="auto"
        rows={3}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('ban.duration')}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {banDurations.map((option) => (
            <label
              key={option}
              className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                value={option}
                className="size-4 accent-primary"
                {...form.register('duration')}
              />
              {t(`ban.durations.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {duration === 'date' ? (
        <DateField
          control={form.control}
          name="until"
          ns="user"
          label={t('ban.endDate')}
          min={startOfTomorrow(now)}
          max={new Date(now.getFullYear() + MAX_YEARS, now.getMonth(), now.getDate())}
        />
      ) : null}
      <p
        role="status"
        className="rounded-md bg-muted px-3 py-2 text-sm font-medium"
        data-testid="ban-preview"
      >
        {end === null
          ? t('ban.previewPermanent')
          : end
            ? t('ban.previewUntil', { date: format.format(end) })
            : t('ban.previewPickDate')}
      </p>
      <FormAlert message={formError} />
      <FormActions
        cancelLabel={t('ban.cancel')}
        onCancel={onClose}
        submitLabel={t('ban.submit')}
        submitting={submitting}
        variant="destructive"
      />
    </form>
  );
}
