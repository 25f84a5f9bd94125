import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toast } from '@/components/ui/toast';
import { onDemand } from '@/lib/on-demand';

/**
 * The zod resolver of a form shown at first paint, its schema (and zod with it) fetched on the form's first
 * validation, or ahead of it when focus first enters the form: the form needs react-hook-form to hydrate,
 * zod only once something is checked (docs/performance.md#lazy-loaders). Call it at module level; the hook
 * it returns gives useForm's `resolver` and the form's `onFocus`. When the schema cannot be fetched
 * (offline), that validation keeps the form from submitting and says so in a toast; the next one fetches
 * again.
 */
export function zodResolverOnDemand<Input extends FieldValues, Output>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
) {
  const part = onDemand(() =>
    Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(([schema, { zodResolver }]) =>
      zodResolver<Input, unknown, Output>(schema),
    ),
  );
  const prefetch = () => void part.load().catch(() => {});

  return function useResolverOnDemand(): { resolver: Resolver<Input, unknown, Output>; onFocus: () => void } {
    const { t } = useTranslation();
    const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => {
      const loaded = await part.load().catch(() => null);
      if (loaded) return loaded(values, context, options);
      toast.error(t('errors.unknown'));
      // Any error keeps react-hook-form from calling the submit handler.
      const errors: FieldErrors<Input> = {};
      errors.root = { unavailable: { type: 'unavailable', message: 'errors.unknown' } };
      return { values: {}, errors };
    };
    return { resolver, onFocus: prefetch };
  };
}
