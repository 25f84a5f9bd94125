import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowDownUp, CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { DataList } from '@/components/ui/data-list';
import { LabelledSelect } from '@/components/ui/labelled-select';
import { ListOptionsDialog } from '@/components/ui/list-options-dialog';
import { SearchInput } from '@/components/ui/search-input';
import { TextLine } from '@/components/ui/text-line';
import { platformOrganizationQueries } from '../queries';
import type { OrganizationListItem } from '../schema';
import { authQueries } from '@/features/auth/queries';
import { type OrganizationListView, type OrganizationPlanFilter, organizationPlanFilters } from '../search';
import { useOrganizationTable } from './organization-table';
import { dateTimeFormat } from '@/lib/intl';

/**
 * Every organization of the platform, searchable by name or slug, newest first unless the view says
 * otherwise: a table from 768 px (sortable by name and date, member and repository counts, a menu per
 * row); on a phone a list of rows, the order in a sheet beside the search.
 */
export function OrganizationListPage({
  view,
  onViewChange,
}: {
  view: OrganizationListView;
  onViewChange: (change: Partial<OrganizationListView>) => void;
}) {
  const { t } = useTranslation('organization');
  const query = useInfiniteQuery(platformOrganizationQueries.list(view));
  const table = useOrganizationTable(view, onViewChange);
  return (
    <Page
      title={t('manager.pages.list')}
      actions={
        <div className="flex w-full items-center gap-2 sm:w-auto">
          <SearchInput
            value={view.searchTerm}
            onChange={(searchTerm) => onViewChange({ searchTerm })}
            className="min-w-0 flex-1"
          />
          <PlanFilter value={view.plan} onChange={(plan) => onViewChange({ plan })} />
          <OrganizationSortDialog view={view} onChange={onViewChange} className="md:hidden" />
        </div>
      }
    >
      <DataList
        query={query}
        label={t('manager.pages.list')}
        getKey={(item) => item.id}
        renderItem={(item) => <OrganizationRow organization={item} />}
        table={table}
        searchTerm={view.searchTerm}
        onClearSearch={() => onViewChange({ searchTerm: '' })}
      />
    </Page>
  );
}

/** Organizations on one plan (its subscription's, or Free), shown when billing is on. */
function PlanFilter({
  value,
  onChange,
}: {
  value: OrganizationPlanFilter;
  onChange: (plan: OrganizationPlanFilter) => void;
}) {
  const { t } = useTranslation('billing');
  const { data: config } = useQuery(authQueries.config());
  if (!config?.billing && !value) return null;
  return (
    <div className="w-36 shrink-0">
      <LabelledSelect
        label={t('manager.filter')}
        icon={CreditCard}
        value={value}
        onChange={(next) => onChange(organizationPlanFilters.find((plan) => plan === next) ?? '')}
      >
        {organizationPlanFilters.map((plan) => (
          <option key={plan} value={plan}>
            {plan ? t(`plans.${plan}.name`) : t('manager.allPlans')}
          </option>
        ))}
      </LabelledSelect>
    </div>
  );
}

const sortOptions = [
  { sort: 'created', order: 'desc', label: 'createdDesc' },
  { sort: 'created', order: 'asc', label: 'createdAsc' },
  { sort: 'name', order: 'asc', label: 'nameAsc' },
  { sort: 'name', order: 'desc', label: 'nameDesc' },
] as const;

type Order = Pick<OrganizationListView, 'sort' | 'order'>;

/** The order on a phone, where the table's sortable headers are not shown: one select in a sheet. */
function OrganizationSortDialog({
  view,
  onChange,
  className,
}: {
  view: Order;
  onChange: (change: Order) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const { t: to } = useTranslation('organization');
  return (
    <ListOptionsDialog label={t('listOptions.sort')} icon={ArrowDownUp} iconOnly className={className}>
      <LabelledSelect
        label={to('manager.list.sort')}
        icon={ArrowDownUp}
        value={`${view.sort}:${view.order}`}
        onChange={(value) => {
          const option = sortOptions.find((o) => `${o.sort}:${o.order}` === value);
          if (option) onChange({ sort: option.sort, order: option.order });
        }}
      >
        {sortOptions.map((option) => (
          <option key={option.label} value={`${option.sort}:${option.order}`}>
            {to(`manager.list.sorts.${option.label}`)}
          </option>
        ))}
      </LabelledSelect>
    </ListOptionsDialog>
  );
}

function OrganizationRow({ organization }: { organization: OrganizationListItem }) {
  const { t, i18n } = useTranslation('organization');
  const created = dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(organization.createdAt),
  );
  return (
    <Link
      to="/manager/organizations/$id"
      params={{ id: organization.id }}
      className="flex flex-col gap-1 px-4 py-3 hover:bg-muted/60 focus-visible:bg-muted/60"
    >
      <span className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3">
        <TextLine className="font-medium">{organization.name}</TextLine>
        <TextLine className="text-sm text-muted-foreground">{organization.slug}</TextLine>
      </span>
      <span className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3 text-sm text-muted-foreground">
        <span>
          {t('manager.list.members', { count: organization.memberCount })}
          {' · '}
          {t('manager.list.repositories', { count: organization.repositoryCount })}
        </span>
        <span className="shrink-0">{t('manager.list.created', { date: created })}</span>
      </span>
    </Link>
  );
}
