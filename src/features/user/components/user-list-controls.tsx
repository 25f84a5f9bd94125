import { ArrowDownUp, Filter } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LabelledSelect } from '@/components/ui/labelled-select';
import type { SortOrder } from '@/lib/search-params';
import { cn } from '@/lib/utils';
import { type UserListView, type UserSort, userRoleFilters, userSorts, userStatuses } from '../search';

type ViewChange = Partial<Omit<UserListView, 'searchTerm'>>;

const sortOptions = userSorts.flatMap((sort) =>
  (['desc', 'asc'] as const).map((order) => ({ sort, order, value: `${sort}:${order}` })),
);

/** How many filters narrow the list (the order is not one): the count phones see on "Filters". */
export function activeFilterCount(view: UserListView): number {
  return [view.role, view.status].filter(Boolean).length;
}

/**
 * Role, status and order of the user list: native selects, so every platform's picker and reader work. In
 * a row on wider screens, stacked in phones' Filters sheet.
 */
export function UserListControls({
  view,
  onChange,
  stacked = false,
  className,
}: {
  view: UserListView;
  onChange: (change: ViewChange) => void;
  stacked?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('user');
  return (
    <div className={cn('grid grid-cols-1 gap-3', !stacked && 'gap-2 md:grid-cols-3', className)}>
      <LabelledSelect
        label={t('list.role')}
        icon={Filter}
        value={view.role}
        onChange={(role) => onChange({ role: userRoleFilters.find((r) => r === role) ?? '' })}
      >
        <option value="">{t('list.allRoles')}</option>
        {userRoleFilters.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </LabelledSelect>
      <LabelledSelect
        label={t('list.status')}
        icon={Filter}
        value={view.status}
        onChange={(status) => onChange({ status: userStatuses.find((s) => s === status) ?? '' })}
      >
        <option value="">{t('list.allStatuses')}</option>
        {userStatuses.map((status) => (
          <option key={status} value={status}>
            {t(`status.${status}`)}
          </option>
        ))}
      </LabelledSelect>
      <LabelledSelect
        label={t('list.sort')}
        icon={ArrowDownUp}
        value={`${view.sort}:${view.order}`}
        onChange={(value) => {
          const option = sortOptions.find((o) => o.value === value);
          if (option) onChange({ sort: option.sort, order: option.order });
        }}
      >
        {sortOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {t(`list.sorts.${sortLabel(option.sort, option.order)}`)}
          </option>
        ))}
      </LabelledSelect>
    </div>
  );
}

function sortLabel(sort: UserSort, order: SortOrder): string {
  return `${sort}${order === 'asc' ? 'Asc' : 'Desc'}`;
}
