import { useQuery } from '@tanstack/react-query';
import { ArrowDownUp, Building2, SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LabelledSelect } from '@/components/ui/labelled-select';
import { ListOptionsDialog } from '@/components/ui/list-options-dialog';
import { organizationQueries } from '@/features/organization/queries';
import type { PlatformRepositoryListView, RepositoryListView } from '../search';

const sortOptions = [
  { sort: 'created', order: 'desc', label: 'createdDesc' },
  { sort: 'created', order: 'asc', label: 'createdAsc' },
  { sort: 'name', order: 'asc', label: 'nameAsc' },
  { sort: 'name', order: 'desc', label: 'nameDesc' },
] as const;

type Order = Pick<RepositoryListView, 'sort' | 'order'>;

/** The order's select, alone in the phone's Sort sheet or beside the organization in its Filters sheet. */
function RepositorySortSelect({ view, onChange }: { view: Order; onChange: (change: Order) => void }) {
  const { t: tr } = useTranslation('repository');
  return (
    <LabelledSelect
      label={tr('list.sort')}
      icon={ArrowDownUp}
      value={`${view.sort}:${view.order}`}
      onChange={(value) => {
        const option = sortOptions.find((o) => `${o.sort}:${o.order}` === value);
        if (option) onChange({ sort: option.sort, order: option.order });
      }}
    >
      {sortOptions.map((option) => (
        <option key={option.label} value={`${option.sort}:${option.order}`}>
          {tr(`list.sorts.${option.label}`)}
        </option>
      ))}
    </LabelledSelect>
  );
}

/**
 * The manager's organization filter: every organization (by name) or one. An organization the choices
 * leave out (past `appConfig.organizations.choicesMax`), reached by a link, is still shown as chosen.
 */
export function RepositoryOrganizationFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (organizationId: string) => void;
}) {
  const { t } = useTranslation('organization');
  const { data: choices = [] } = useQuery(organizationQueries.choices());
  const listed = value === '' || choices.some((choice) => choice.id === value);
  return (
    <LabelledSelect
      label={t('manager.repositoryFilter.label')}
      icon={Building2}
      value={value}
      onChange={onChange}
    >
      <option value="">{t('manager.repositoryFilter.all')}</option>
      {listed ? null : <option value={value}>{t('manager.repositoryFilter.other')}</option>}
      {choices.map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.name}
        </option>
      ))}
    </LabelledSelect>
  );
}

/**
 * The manager's list options on a phone: the organization and the order in one Filters sheet, the button
 * counting the filter when one organization is chosen.
 */
export function RepositoryFiltersDialog({
  view,
  onChange,
  className,
}: {
  view: PlatformRepositoryListView;
  onChange: (change: Partial<PlatformRepositoryListView>) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <ListOptionsDialog
      label={t('listOptions.filters')}
      icon={SlidersHorizontal}
      activeCount={view.organizationId ? 1 : 0}
      onReset={() => onChange({ organizationId: '' })}
      className={className}
    >
      <RepositoryOrganizationFilter
        value={view.organizationId}
        onChange={(organizationId) => onChange({ organizationId })}
      />
      <RepositorySortSelect view={view} onChange={onChange} />
    </ListOptionsDialog>
  );
}

/**
 * The list's order on a phone, where the table's sortable headers are not shown: an icon button beside the
 * search opens a sheet with one select.
 */
export function RepositorySortDialog({
  view,
  onChange,
  className,
}: {
  view: Order;
  onChange: (change: Order) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <ListOptionsDialog label={t('listOptions.sort')} icon={ArrowDownUp} iconOnly className={className}>
      <RepositorySortSelect view={view} onChange={onChange} />
    </ListOptionsDialog>
  );
}
