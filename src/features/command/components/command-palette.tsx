import { useInfiniteQuery } from '@tanstack/react-query';
import { type LinkProps, useNavigate } from '@tanstack/react-router';
import { Command } from 'cmdk';
import {
  Building2,
  FolderGit2,
  Languages,
  type LucideIcon,
  Monitor,
  Moon,
  Sun,
  UserRound,
} from 'lucide-react';
import { useTheme } from 'next-themes';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '~/app.config';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { roleCan } from '@/features/auth/permissions';
import { useSession } from '@/features/auth/queries';
import { platformOrganizationQueries } from '@/features/organization/queries';
import { repositoryQueries, useRepositoryOwner } from '@/features/repository/queries';
import { userQueries } from '@/features/user/queries';
import { useChangeLanguage } from '@/hooks/use-change-language';
import { useCurrentPageActions } from '@/hooks/use-page-actions';

/**
 * A page the palette offers: the area's navigation, as its layout defines it. A saved view is its list with
 * the view's `search`, told apart from the list by `id`.
 */
export type PalettePage = {
  to: NonNullable<LinkProps['to']>;
  label: string;
  icon: LucideIcon;
  search?: Record<string, string>;
  id?: string;
};

export type CommandPaletteProps = {
  area: 'app' | 'manager';
  pages: PalettePage[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** How many matches each search shows; the list page has the rest. */
const RESULTS = 5;
/** Shorter terms search nothing: a letter matches nearly everything. */
const MIN_TERM = 2;
const DEBOUNCE_MS = 250;

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm data-[selected=true]:bg-muted [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground';
const groupClass =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

const matches = (label: string, term: string) => label.toLocaleLowerCase().includes(term.toLocaleLowerCase());

/**
 * Ctrl/⌘+K: what the current page lets the viewer do, the area's pages, the user's, repository and
 * organization searches the lists run (server-side, as the viewer may see them), and the theme and
 * language, all from the keyboard (cmdk: a combobox and
 * its listbox). The number of matches is announced as it changes.
 */
export function CommandPalette({ area, pages, open, onOpenChange }: CommandPaletteProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [selected, setSelected] = useState('');
  const navigate = useNavigate();
  const session = useSession();
  const { setTheme } = useTheme();
  const changeLanguage = useChangeLanguage();
  const pageActions = useCurrentPageActions();
  const owner = useRepositoryOwner(area);
  const typed = term.trim();
  const searched = useDebounced(typed);
  const searching = searched.length >= MIN_TERM;
  const role = session?.user.role;
  const manager = area === 'manager';

  const users = useInfiniteQuery({
    ...userQueries.search(searched),
    enabled: searching && manager && roleCan(role, { user: ['list'] }),
  });
  const repositories = useInfiniteQuery({
    ...repositoryQueries.search(owner, searched),
    enabled: searching && (owner.area === 'manager' || owner.organizationId !== ''),
  });
  const organizations = useInfiniteQuery({
    ...platformOrganizationQueries.search(searched),
    enabled: searching && manager && roleCan(role, { organization: ['list'] }),
  });

  const close = () => {
    onOpenChange(false);
    setTerm('');
    setSelected('');
  };
  const run = (action: () => void) => {
    close();
    action();
  };

  const first = <Item,>(query: { data?: { pages: { items: Item[] }[] } }) =>
    (searching ? (query.data?.pages[0]?.items ?? []) : []).slice(0, RESULTS);
  const foundUsers = first(users);
  const foundRepositories = first(repositories);
  const foundOrganizations = first(organizations);
  const shownPages = pages.filter((page) => matches(page.label, typed));
  const onThisPage = pageActions.filter((action) => matches(action.label, typed));
  const actions: { id: string; label: string; icon: LucideIcon; run: () => void }[] = [
    ...(
      [
        ['light', Sun],
        ['dark', Moon],
        ['system', Monitor],
      ] as const
    ).map(([theme, icon]) => ({
      id: `theme-${theme}`,
      label: t('palette.theme', { theme: t(`preferences.themes.${theme}`) }),
      icon,
      run: () => setTheme(theme),
    })),
    ...appConfig.languages.map((lng) => ({
      id: `language-${lng}`,
      label: t('palette.language', { language: appConfig.languageNames[lng] }),
      icon: Languages,
      run: () => void changeLanguage(lng),
    })),
  ].filter((action) => matches(action.label, typed));
  // What the palette offers, group by group in the order shown; a choice's value is its identity for cmdk.
  const groups: { heading: string; choices: Choice[] }[] = [
    {
      heading: t('palette.onThisPage'),
      choices: onThisPage.map((action) => ({
        value: `page-action:${action.id}`,
        icon: action.icon,
        title: action.label,
        run: action.run,
      })),
    },
    {
      heading: t('palette.pages'),
      choices: shownPages.map((page) => ({
        value: `page:${page.id ?? page.to}`,
        icon: page.icon,
        title: page.label,
        run: () =>
          void (page.search ? navigate({ to: page.to, search: page.search }) : navigate({ to: page.to })),
      })),
    },
    {
      heading: t('palette.users'),
      choices: foundUsers.map((user) => ({
        value: `user:${user.id}`,
        icon: UserRound,
        title: user.name || user.email,
        // An address reads left to right in every language.
        detail: (
          <span dir="ltr" className="text-start">
            {user.email}
          </span>
        ),
        run: () => void navigate({ to: '/manager/users/$id', params: { id: user.id } }),
      })),
    },
    {
      heading: t('palette.repositories'),
      choices: foundRepositories.map((repository) => ({
        value: `repository:${repository.id}`,
        icon: FolderGit2,
        title: repository.name,
        detail: manager ? repository.organization.name : undefined,
        run: () =>
          void navigate({
            to: manager ? '/manager/repositories/$id' : '/app/repositories/$id',
            params: { id: repository.id },
          }),
      })),
    },
    {
      heading: t('palette.organizations'),
      choices: foundOrganizations.map((organization) => ({
        value: `organization:${organization.id}`,
        icon: Building2,
        title: organization.name,
        run: () => void navigate({ to: '/manager/organizations/$id', params: { id: organization.id } }),
      })),
    },
    {
      heading: t('palette.actions'),
      choices: actions.map((action) => ({
        value: `action:${action.id}`,
        icon: action.icon,
        title: action.label,
        run: action.run,
      })),
    },
  ];
  const shown = groups.flatMap((group) => group.choices.map((choice) => choice.value));
  // The choice Enter takes. cmdk keeps its last choice while results come and go (the search answers later
  // than the typing), which could leave none chosen: the first one shown stands in then.
  const chosen = shown.includes(selected) ? selected : (shown[0] ?? '');
  const loading =
    searching && [users, repositories, organizations].some((query) => query.isFetching && !query.data);

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={t('palette.title')}
      description={t('palette.description')}
    >
      {/* Filtered here and by the server: cmdk's own fuzzy ranking would reorder the lists' matches. */}
      <Command
        label={t('palette.title')}
        shouldFilter={false}
        loop
        value={chosen}
        onValueChange={setSelected}
        className="grid gap-2"
      >
        <Command.Input
          value={term}
          onValueChange={setTerm}
          placeholder={t('palette.placeholder')}
          aria-label={t('palette.placeholder')}
          className="h-11 w-full rounded-md border bg-background px-3 text-base outline-none focus-visible:ring-2 focus-visible:ring-ring md:text-sm"
        />
        <p aria-live="polite" className="sr-only">
          {loading ? t('palette.loading') : t('palette.count', { count: shown.length })}
        </p>
        {/* Beside the list, not in it: a listbox holds options and groups only (axe, aria-required-children). */}
        {loading ? (
          <div aria-hidden className="px-3 py-2 text-sm text-muted-foreground motion-safe:animate-pulse">
            {t('palette.loading')}
          </div>
        ) : null}
        <Command.List className="max-h-[min(60dvh,24rem)] overflow-y-auto">
          <Command.Empty className="px-3 py-6 text-center text-sm text-muted-foreground">
            {t('palette.empty')}
          </Command.Empty>
          {groups.map((group) =>
            // A group is left out, heading and all, when it has nothing to show.
            group.choices.length === 0 ? null : (
              <Command.Group key={group.heading} heading={group.heading} className={groupClass}>
                {group.choices.map((choice) => (
                  <Entry key={choice.value} choice={choice} onSelect={() => run(choice.run)} />
                ))}
              </Command.Group>
            ),
          )}
        </Command.List>
      </Command>
    </ResponsiveDialog>
  );
}

/** One choice: its icon, its name, and a second line when there is one (an address, an organization). */
type Choice = { value: string; icon: LucideIcon; title: string; detail?: ReactNode; run: () => void };

function Entry({
  choice: { value, icon: Icon, title, detail },
  onSelect,
}: {
  choice: Choice;
  onSelect: () => void;
}) {
  return (
    <Command.Item value={value} onSelect={onSelect} className={itemClass}>
      <Icon aria-hidden />
      <span className="grid min-w-0">
        <span className="truncate">{title}</span>
        {detail ? <span className="truncate text-xs text-muted-foreground">{detail}</span> : null}
      </span>
    </Command.Item>
  );
}
