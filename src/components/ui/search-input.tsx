import { Search, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '~/app.config';
import { cn } from '@/lib/utils';

/**
 * A search box for a list. Typing reports the trimmed term after `delayMs` of quiet, so a word typed fast
 * is one search (and one history entry, when the caller writes it to the URL with replace); Escape and
 * the Clear button report the empty term at once. A new `value` from outside (Back, a Clear elsewhere)
 * replaces the text, but never a term the user is still typing.
 */
export function SearchInput({
  value,
  onChange,
  delayMs = 300,
  className,
}: {
  value: string;
  onChange: (term: string) => void;
  delayMs?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const reported = useRef(value);
  const input = useRef<HTMLInputElement>(null);
  // The debounce timer reports with the latest callback without restarting when the caller re-renders.
  const report = useEffectEvent((term: string) => onChange(term));

  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setDraft(value);
  }, [value]);

  useEffect(() => {
    const term = draft.trim();
    if (term === reported.current) return;
    const timer = setTimeout(() => {
      reported.current = term;
      report(term);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [draft, delayMs]);

  const clear = () => {
    setDraft('');
    if (reported.current !== '') {
      reported.current = '';
      onChange('');
    }
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // An empty box lets Escape through, e.g. to close the dialog the search sits in.
    if (event.key === 'Escape' && draft !== '') {
      event.preventDefault();
      event.stopPropagation();
      clear();
    }
  };

  return (
    <div role="search" className={cn('relative w-full sm:max-w-xs', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        ref={input}
        type="search"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        maxLength={appConfig.limits.searchTermMax}
        enterKeyHint="search"
        autoComplete="off"
        className="flex h-10 w-full min-w-0 rounded-md border border-input bg-background ps-9 max-md:h-11 pe-10 text-base text-foreground placeholder:text-muted-foreground sm:text-sm [&::-webkit-search-cancel-button]:appearance-none"
      />
      {draft ? (
        <button
          type="button"
          onClick={clear}
          aria-label={t('search.clear')}
          title={t('search.clear')}
          className="absolute end-1 top-1/2 inline-flex size-8 -translate-y-1/2 max-md:end-0 max-md:size-11 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
