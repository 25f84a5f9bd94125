import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';

/**
 * A secret shown this once (an API key, a webhook's signing secret): why it will not be shown again, the
 * value selected on focus, Copy, and Done. Every text arrives translated.
 */
export function SecretReveal({
  value,
  texts,
  onDone,
}: {
  value: string;
  texts: { warning: string; label: string; copy: string; copied: string; copyFailed: string; done: string };
  onDone: () => void;
}) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(texts.copied);
    } catch {
      toast.error(texts.copyFailed);
    }
  };
  return (
    <div className="grid gap-4">
      <p role="status" className="text-sm">
        {texts.warning}
      </p>
      <div className="grid gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {texts.label}
        </label>
        <div className="flex gap-2">
          <input
            id={id}
            readOnly
            dir="ltr"
            value={value}
            onFocus={(event) => event.currentTarget.select()}
            className="h-11 min-w-0 flex-1 rounded-md border bg-muted px-3 font-mono text-sm sm:h-9"
          />
          <Button variant="outline" onClick={() => void copy()} aria-label={texts.copy}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            <span className="max-sm:sr-only">{texts.copy}</span>
          </Button>
        </div>
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone}>{texts.done}</Button>
      </div>
    </div>
  );
}
