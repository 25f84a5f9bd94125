import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { SlidersHorizontal, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { DataList } from '@/components/ui/data-list';
import type { DataTableOptions } from '@/components/ui/data-table';
import { ExportButton, exportHref } from '@/components/ui/export-button';
import { ListOptionsDialog } from '@/components/ui/list-options-dialog';
import { platformOrganizationQueries } from '@/features/organization/queries';
import { userQueries } from '@/features/user/queries';
import { auditQueries } from '../queries';
import type { AuditEntry } from '../schema';
import { auditTargetLabel, type AuditView, auditViewDefaults, filtersOfView } from '../search';
import { activeFilterCount, AuditFilters } from './audit-filters';
import { AuditSentence } from './audit-list';
import { dateTimeFormat } from '@/lib/intl';

/**
 * Every audit entry, newest first, narrowed by the view in the URL (action group, actor, organization,
 * days, and a target reached from its page): a table from 768 px (the entry's sentence, the address it
 * came from, when), on a phone a list of rows with the filters behind one "Filters" button.
 */
export function AuditPage({
  view,
  onViewChange,
  viewActions,
}: {
  view: AuditView;
  onViewChange: (change: Partial<AuditView>) => void;
  /** Actions on the view itself, next to the export (Save view). */
  viewActions?: ReactNode;
}) {
  const { t } = useTranslation('audit');
  const query = useInfiniteQuery(auditQueries.list(filtersOfView(view)));

  const table = useAuditTable();
  const firstPage = query.data?.pages[0];
  const first = firstPage?.items[0];
  const filters = filtersOfView(view);
  return (
    <Page
      title={t('pages.list')}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          {viewActions}
          <ExportButton
            // The same filters as the list, by the names the server takes.
            href={exportHref(
              '/api/export/audit',
              Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, value ?? ''])),
            )}
            total={firstPage?.total}
            totalCapped={firstPage?.totalCapped}
            fallbackName="audit-log.csv"
          />
        </div>
      }
    >
      <div className="mb-4 grid gap-3">
        <div className="flex flex-wrap items-center gap-2 md:hidden">
          <ListOptionsDialog
            label={t('common:listOptions.filters')}
            icon={SlidersHorizontal}
            activeCount={activeFilterCount(view)}
            onReset={() => onViewChange(auditViewDefaults)}
          >
            <AuditFilters view={view} onChange={onViewChange} stacked />
          </ListOptionsDialog>
        </div>
        <AuditFilters view={view} onChange={onViewChange} className="max-md:hidden" />
        {view.targetType ? (
          <TargetFilter
            view={view}
            // The entries name their target as it was; the newest one's name stands for it.
            label={view.targetId && first?.targetId === view.targetId ? first.targetLabel : null}
            onClear={() => onViewChange({ targetType: '', targetId: '' })}
          />
        ) : null}
      </div>
      <DataList
        query={query}
        label={t('label')}
        getKey={(entry) => entry.id}
        renderItem={(entry) => <AuditPhoneRow entry={entry} />}
        table={table}
      />
    </Page>
  );
}

/** "About: Jane Doe ×": the target filter, which only a link sets (a user's or organization's page). */
function TargetFilter({
  view,
  label,
  onClear,
}: {
  view: AuditView;
  label: string | null | undefined;
  onClear: () => void;
}) {
  const { t } = useTranslation('audit');
  // Without an entry to name it (none match yet), a user or organization is named by its page's query.
  const { targetType, targetId } = view;
  const user = useQuery({
    ...userQueries.detail(targetId),
    enabled: !label && targetType === 'user' && !!targetId,
  });
  const organization = useQuery({
    ...platformOrganizationQueries.detail(targetId),
    enabled: !label && targetType === 'organization' && !!targetId,
  });
  const known = user.data ? user.data.name || user.data.email : organization.data?.name;
  const name = targetId ? (label ?? known ?? targetId) : t(auditTargetLabel(targetType || 'user'));
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted-foreground">{t('filters.about')}</span>
      <span className="inline-flex min-w-0 items-center gap-1 rounded-full border bg-muted/50 ps-3 pe-1">
        <bdi className="truncate font-medium">{name}</bdi>
        <Button
          variant="ghost"
          size="icon"
          onClick={onClear}
          aria-label={t('filters.remove', { name: `\u2068${name}\u2069` })}
          title={t('filters.remove', { name })}
          className="size-7 pointer-coarse:size-11 rounded-full"
        >
          <X aria-hidden />
        </Button>
      </span>
    </p>
  );
}

function useDateTime() {
  const { i18n } = useTranslation();
  return dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
}

function useAuditTable(): DataTableOptions<AuditEntry, never> {
  const { t } = useTranslation('audit');
  const dateTime = useDateTime();
  return {
    columns: [
      {
        id: 'entry',
        header: t('columns.entry'),
        cell: (entry) => (
          <p className="min-w-0 break-words">
            <AuditSentence entry={entry} />
          </p>
        ),
      },
      {
        id: 'ip',
        header: t('columns.ip'),
        className: 'w-40 @max-2xl:hidden',
        cell: (entry) => <Address ip={entry.ip} />,
      },
      {
        id: 'when',
        header: t('columns.when'),
        align: 'end',
        className: 'w-52',
        cell: (entry) => (
          <time dateTime={entry.createdAt} className="whitespace-nowrap text-muted-foreground">
            {dateTime.format(new Date(entry.createdAt))}
          </time>
        ),
      },
    ],
  };
}

/** An address reads left to right in every language; none for the system's own entries. */
function Address({ ip }: { ip: string | null }) {
  const { t } = useTranslation('audit');
  if (!ip) return <span className="text-muted-foreground">{t('noAddress')}</span>;
  return (
    // Aligned as the page reads (match-parent), written left to right.
    <span
      dir="ltr"
      className="block truncate match-parent-align font-mono text-xs text-muted-foreground"
      title={ip}
    >
      {ip}
    </span>
  );
}

function AuditPhoneRow({ entry }: { entry: AuditEntry }) {
  const dateTime = useDateTime();
  return (
    <div className="grid gap-1 px-4 py-3 text-sm">
      <p className="min-w-0 break-words">
        <AuditSentence entry={entry} />
      </p>
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-muted-foreground">
        <time dateTime={entry.createdAt}>{dateTime.format(new Date(entry.createdAt))}</time>
        {entry.ip ? <Address ip={entry.ip} /> : null}
      </p>
    </div>
  );
}
