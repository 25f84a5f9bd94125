import { useSuspenseQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TopBar } from '@/components/layout/top-bar';
import { repositoryQueries, useRepositoryOwner } from '../queries';
import { safeExternalUrl } from '../links';
import { listRoute, type RepositoryArea, useRepositoryRights } from './area';
import { RepositoryActions } from './repository-actions';
import { dateTimeFormat } from '@/lib/intl';

/**
 * One repository: its description, its link (clickable only when it is http or https), its dates and, in
 * the manager area, its organization; Edit and Delete for whom may use them there.
 */
export function RepositoryDetailPage({ id, area }: { id: string; area: RepositoryArea }) {
  const { t, i18n } = useTranslation('repository');
  const { data: repository } = useSuspenseQuery(repositoryQueries.detail(useRepositoryOwner(area), id));
  const { canUpdate, canDelete } = useRepositoryRights(area);
  const url = safeExternalUrl(repository.link);
  const formatDate = (iso: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
  return (
    <main id="main" className="mx-auto flex w-full max-w-5xl flex-1 flex-col">
      <TopBar
        title={<bdi>{repository.name}</bdi>}
        backTo={listRoute(area)}
        actions={
          canUpdate || canDelete ? (
            <RepositoryActions
              area={area}
              repository={repository}
              canUpdate={canUpdate}
              canDelete={canDelete}
            />
          ) : undefined
        }
        className="md:static md:border-b-0 md:bg-transparent"
      />
      <div className="flex flex-col gap-6 px-4 py-6 sm:px-6">
        <section aria-labelledby="repository-description" className="flex flex-col gap-2">
          <h2 id="repository-description" className="text-sm font-medium text-muted-foreground">
            {t('detail.description')}
          </h2>
          <p dir="auto" className="whitespace-pre-line break-words rtl:text-right">
            {repository.description || t('noDescription')}
          </p>
        </section>
        <dl className="grid gap-4 sm:grid-cols-3">
          {area === 'manager' ? (
            <div className="flex min-w-0 flex-col gap-1 sm:col-span-3">
              <dt className="text-sm font-medium text-muted-foreground">{t('detail.organization')}</dt>
              <dd className="min-w-0">
                <bdi>{repository.organization.name}</bdi>
              </dd>
            </div>
          ) : null}
          <div className="flex min-w-0 flex-col gap-1">
            <dt className="text-sm font-medium text-muted-foreground">{t('detail.link')}</dt>
            <dd dir="ltr" className="min-w-0 break-all text-start">
              {url ? (
                <a
                  href={url.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {repository.link}
                  <ExternalLink aria-hidden="true" className="ms-1 inline size-4 align-[-2px]" />
                  <span className="sr-only">{t('detail.opensInNewTab')}</span>
                </a>
              ) : (
                repository.link
              )}
            </dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="text-sm font-medium text-muted-foreground">{t('detail.created')}</dt>
            <dd>
              <time dateTime={repository.createdAt}>{formatDate(repository.createdAt)}</time>
            </dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="text-sm font-medium text-muted-foreground">{t('detail.updated')}</dt>
            <dd>
              <time dateTime={repository.updatedAt}>{formatDate(repository.updatedAt)}</time>
            </dd>
          </div>
        </dl>
      </div>
    </main>
  );
}
