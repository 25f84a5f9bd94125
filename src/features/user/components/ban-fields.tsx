import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { appConfig } from '~/app.config';
import { DateField, TextareaField } from '@/components/form/fields';
import { dateTimeFormat } from '@/lib/intl';

const banDurations = ['day', 'week', 'month', 'permanent', 'date'] as const;
type BanDuration = (typeof banDurations)[number];
const DAYS: Partial<Record<BanDuration, number>> = { day: 1, week: 7, month: 30 };
/** The server refuses more than a century (rules.server.ts); the picker stops a little before. */
const MAX_YEARS = 99;

// Messages are `user` keys; the server checks the same limits (rules.server.ts).
export const zBanForm = z
  .object({
    reason: z.string().trim().max(appConfig.limits.banReasonMax, 'ban.validation.reasonTooLong'),
    duration: z.enum(banDurations),
    until: z.date().optional(),
  })
  .refine((form) => form.duration !== 'date' || form.until, {
    path: ['until'],
    message: 'ban.validation.dateRequired',
  });
export type BanForm = z.input<typeof zBanForm>;
export const banFormDefaults: BanForm = { reason: '', duration: 'week', until: undefined };

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

/**
 * What a ban asks, as better-auth takes it (`banReason`, `banExpiresIn`), or null after marking the date
 * field when the picked end has passed while the dialog stayed open.
 */
export function banRequestOf(
  form: UseFormReturn<BanForm>,
  values: BanForm,
): { banReason?: string; banExpiresIn?: number } | null {
  const seconds = secondsLeft(values.duration, values.until);
  if (seconds !== undefined && seconds <= 0) {
    form.setError('until', { message: 'ban.validation.datePast' }, { shouldFocus: true });
    return null;
  }
  const reason = values.reason.trim();
  return {
    ...(reason ? { banReason: reason } : {}),
    ...(seconds === undefined ? {} : { banExpiresIn: seconds }),
  };
}

const startOfTomorrow = (now: Date) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);

/**
 * A ban's reason and duration, with the end date shown before confirming: the fields of the single ban
 * dialog and of the list's bulk ban.
 */
export function BanFields({ form, now }: { form: UseFormReturn<BanForm>; now: Date }) {
  const { t, i18n } = useTranslation('user');
  const [duration, until] = useWatch({ control: form.control, name: ['duration', 'until'] });
  const end = banEnd(duration, until, now);
  const format = dateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  return (
    <>
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
    </>
  );
}
