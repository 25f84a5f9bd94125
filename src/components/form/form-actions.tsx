import { Button } from '@/components/ui/button';

/**
 * A form's closing row: Cancel, then the submit button, which is busy while `submitting` (both are
 * disabled then). On a phone they stack, the submit button on top, each the full width.
 */
export function FormActions({
  cancelLabel,
  onCancel,
  submitLabel,
  submitting,
  variant = 'default',
}: {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  submitting: boolean;
  variant?: 'default' | 'destructive';
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel} disabled={submitting}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={variant} disabled={submitting} aria-busy={submitting}>
        {submitLabel}
      </Button>
    </div>
  );
}
