import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { DataList } from '@/components/ui/data-list';
import { SearchInput } from '@/components/ui/search-input';
import { repositoryQueries } from '../queries';
import type { RepositoryListItem } from '../schema';
import { safeExternalUrl } from '../schema';

/** Repositories, newest first, searchable by name; each row opens the repository. */
export function RepositoryListPage({
  searchTerm,
  onSearchTermChange,
}: {
  searchTerm: string;
  onSearchTermChange: (term: string) => void;
}) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(repositoryQueries.list(searchTerm));
  return (
    <Page
      title={t('pages.repositories')}
      actions={<SearchInput value={searchTerm} onChange={onSearchTermChange} />}
    >
      <DataList
        query={query}
        label={t('pages.repositories')}
        getKey={(repository) => repository.id}
        renderItem={(repository) => <RepositoryRow repository={repository} />}
        searchTerm={searchTerm}
        onClearSearch={() => onSearchTermChange('')}
      />
    </Page>
  );
}

function RepositoryRow({ repository }: { repository: RepositoryListItem }) {
  const { t } = useTranslation('repository');
  // The host only: the full link is on the detail page, where it can be opened.
  const host = safeExternalUrl(repository.link)?.host ?? repository.link;
  return (
    <Link
      to="/app/repositories/$id"
      params={{ id: repository.id }}
      className="flex flex-col gap-1 px-4 py-3 hover:bg-muted/60 focus-visible:bg-muted/60"
    >
      <span className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3">
        <span dir="auto" className="min-w-0 font-medium break-words">
          {repository.name}
        </span>
        <span dir="ltr" className="min-w-0 truncate text-sm text-muted-foreground">
          {host}
        </span>
      </span>
      <span dir="auto" className="line-clamp-2 text-sm text-muted-foreground rtl:text-right">
        {repository.descriptionExcerpt || t('noDescription')}
      </span>
    </Link>
  );
}
