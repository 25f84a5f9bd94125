import { type InfiniteData, type UseInfiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '~/app.config';
import { TextLine } from '@/components/ui/text-line';
import type { ListPage } from '@/lib/list';
import { cn } from '@/lib/utils';

/** At most this many matches are offered: the admin types more to narrow them. */
const SHOWN = 6;
const DELAY_MS = 250;

type Choice = { id: string; name: string; detail?: string };

/**
 * One filter that is a person or an organization, chosen by searching the list's own server search: a
 * combobox (type, arrows, Enter) while none is chosen, the chosen one's name with a remove button after.
 * `stacked` (phones' filter sheet) shows the matches in the flow instead of over what follows.
 */
export function FilterPicker<Item, Key extends readonly unknown[]>({
  label,
  placeholder,
  value,
  valueName,
  onChange,
  search,
  toChoice,
  stacked = false,
}: {
  label: string;
  placeholder: string;
  /** The chosen id, '' for none. */
  value: string;
  /** The chosen one's name, while it is known. */
  valueName: string | undefined;
  onChange: (id: string) => void;
  search: (
    term: string,
  ) => UseInfiniteQueryOptions<ListPage<Item>, Error, InfiniteData<ListPage<Item>>, Key, string | undefined>;
  toChoice: (item: Item) => Choice;
  stacked?: boolean;
}) {
  const { t } = useTranslation('audit');
  const id = useId();
  const [draft, setDraft] = useState('');
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  // Focus follows the control that replaces the one used: the remove button after a choice, the box after
  // a removal (the one used is gone from the page).
  // The new value arrives through the URL, a render or more later.
  const moveFocus = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const remove = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (value ? remove.current : input.current)?.focus();
  }, [value]);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(draft.trim()), DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft]);
  const query = useInfiniteQuery({ ...search(term), enabled: value === '' && term !== '' });
  const choices = term ? (query.data?.pages[0]?.items ?? []).slice(0, SHOWN).map(toChoice) : ([] as Choice[]);
  const open = value === '' && term !== '' && draft.trim() !== '';

  const choose = (choice: Choice) => {
    moveFocus.current = true;
    onChange(choice.id);
    setDraft('');
    setTerm('');
    setActive(0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (choices.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + choices.length) % choices.length);
    } else if (event.key === 'Enter' && open && choices[active]) {
      event.preventDefault();
      choose(choices[active]);
    } else if (event.key === 'Escape' && draft !== '') {
      // An empty box lets Escape through, e.g. to close the sheet the picker sits in.
      event.preventDefault();
      event.stopPropagation();
      setDraft('');
      setTerm('');
    }
  };

  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  return (
    <div className="relative grid min-w-0 gap-1">
      <span id={labelId} className="text-xs font-medium text-muted-foreground">
        {label}
      </span>
      {value ? (
        <div
          role="group"
          aria-labelledby={labelId}
          className="flex h-10 max-md:h-11 min-w-0 items-center gap-1 rounded-md border border-input bg-muted/50 ps-3 text-sm"
        >
          <TextLine className="min-w-0 flex-1 font-medium">{valueName ?? t('filters.loadingName')}</TextLine>
          <button
            ref={remove}
            type="button"
            onClick={() => {
              moveFocus.current = true;
              onChange('');
            }}
            aria-label={t('filters.remove', { name: `\u2068${valueName ?? label}\u2069` })}
            title={t('filters.remove', { name: valueName ?? label })}
            className="inline-flex size-8 max-md:size-11 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      ) : (
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            ref={input}
            type="search"
            role="combobox"
            aria-labelledby={labelId}
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && choices[active] ? `${listId}-${active}` : undefined}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            placeholder={placeholder}
            maxLength={appConfig.limits.searchTermMax}
            autoComplete="off"
            className="flex h-10 max-md:h-11 w-full min-w-0 rounded-md border border-input bg-background ps-9 pe-3 text-base text-foreground placeholder:text-muted-foreground sm:text-sm [&::-webkit-search-cancel-button]:appearance-none"
          />
        </div>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-labelledby={labelId}
        hidden={!open}
        className={cn(
          'z-50 grid max-h-72 gap-0.5 overflow-y-auto rounded-lg border bg-background p-1 text-sm shadow-lg',
          !stacked && 'absolute inset-x-0 top-full mt-1',
        )}
      >
        {choices.map((choice, index) => (
          <li
            key={choice.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Chosen before the input loses focus to the click.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(choice);
            }}
            onMouseEnter={() => setActive(index)}
            className={cn(
              'grid cursor-pointer gap-0.5 rounded-sm px-2 py-1.5 max-md:py-2.5',
              index === active && 'bg-muted',
            )}
          >
            <TextLine className="font-medium">{choice.name}</TextLine>
            {choice.detail ? (
              <TextLine className="text-xs text-muted-foreground">{choice.detail}</TextLine>
            ) : null}
          </li>
        ))}
        {open && choices.length === 0 ? (
          <li role="presentation" className="px-2 py-1.5 text-muted-foreground">
            {query.isFetching ? t('filters.searching') : t('filters.noMatch')}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
