import { ArrowDownUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LabelledSelect } from '@/components/ui/labelled-select';
import { ListOptionsDialog } from '@/components/ui/list-options-dialog';
import type { RepositoryListView } from '../search';

const sortOptions = [
  { sort: 'created', order: 'desc', label: 'createdDesc' },
  { sort: 'created', order: 'asc', label: 'createdAsc' },
  { sort: 'name', order: 'asc', label: 'nameAsc' },
  { sort: 'name', order: 'desc', label: 'nameDesc' },
] as const;

type Order = Pick<RepositoryListView, 'sort' | 'order'>;

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
  const { t: tr } = useTranslation('repository');
  return (
    <ListOptionsDialog label={t('listOptions.sort')} icon={ArrowDownUp} iconOnly className={className}>
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
    </ListOptionsDialog>
  );
}
