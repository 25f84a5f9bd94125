import { OTPInput, REGEXP_ONLY_DIGITS, type SlotProps } from 'input-otp';
import type { Ref } from 'react';
import { cn } from '@/lib/utils';

type CodeInputProps = {
  length: number;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Called once every slot is filled (typed or pasted). */
  onComplete?: (value: string) => void;
  id?: string;
  name?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  ref?: Ref<HTMLInputElement>;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

function Slot({ char, isActive, hasFakeCaret, invalid }: SlotProps & { invalid: boolean }) {
  return (
    <div
      className={cn(
        // Six fit a 320 px phone in Arabic's larger type too.
        'relative flex h-12 w-9 items-center justify-center rounded-md border border-input bg-background text-lg font-medium tabular-nums transition-shadow sm:w-11',
        invalid && 'border-destructive',
        isActive && 'z-10 ring-2 ring-ring',
      )}
    >
      {char}
      {hasFakeCaret ? (
        <span className="pointer-events-none absolute inset-0 flex items-center justify-center" aria-hidden>
          <span className="h-5 w-px animate-pulse bg-foreground" />
        </span>
      ) : null}
    </div>
  );
}

/**
 * A one-time code in separate digit slots over one real input, so typing, pasting and the phone's
 * autofill all work. Digits always run left to right, also in right-to-left languages.
 */
export function CodeInput({ length, onComplete, ref, ...props }: CodeInputProps) {
  const invalid = Boolean(props['aria-invalid']);
  return (
    <div dir="ltr" className="flex justify-center">
      <OTPInput
        {...props}
        ref={ref}
        maxLength={length}
        pattern={REGEXP_ONLY_DIGITS}
        inputMode="numeric"
        autoComplete="one-time-code"
        // Codes pasted as "123 456" or "123-456" still fit.
        pasteTransformer={(pasted) => pasted.replace(/\D/g, '').slice(0, length)}
        onComplete={onComplete}
        // input-otp's own <noscript> style (its default) shows the real input's digits where the slots cannot
        // (before hydration, or without JavaScript): the verify form then posts natively (sign-in-forms.server.ts).
        containerClassName="flex items-center gap-1 sm:gap-2 has-[:disabled]:opacity-50"
        render={({ slots }) => (
          <>
            {slots.map((slot, index) => (
              <Slot key={index} {...slot} invalid={invalid} />
            ))}
          </>
        )}
      />
    </div>
  );
}
