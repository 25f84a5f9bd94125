import { ArrowDownUp, Filter } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import type { SortOrder } from '@/lib/search-params';
import { type UserListView, type UserSort, userRoleFilters, userSorts, userStatuses } from '../search';

type ViewChange = Partial<Omit<UserListView, 'searchTerm'>>;

const sortOptions = userSorts.flatMap((sort) =>
  (['desc', 'asc'] as const).map((order) => ({ sort, order, value: `${sort}:${order}` })),
);

/** Role, status and order of the user list: native selects, so every platform's picker and reader work. */
export function UserListControls({
  view,
  onChange,
}: {
  view: UserListView;
  onChange: (change: ViewChange) => void;
}) {
  const { t } = useTranslation('user');
  return (
    <div className="grid grid-cols-1 gap-2 min-[480px]:grid-cols-3">
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

function LabelledSelect({
  label,
  icon: Icon,
  value,
  onChange,
  children,
}: {
  label: string;
  icon: LucideIcon;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <div className="relative">
        <Icon
          aria-hidden
          className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-full min-w-0 truncate rounded-md border border-input bg-background ps-8 pe-2 text-base text-foreground focus-visible:outline-2 focus-visible:outline-ring sm:text-sm"
        >
          {children}
        </select>
      </div>
    </div>
  );
}
