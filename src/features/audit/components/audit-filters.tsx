import { useQuery } from '@tanstack/react-query';
import { Filter } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePickerButton } from '@/components/ui/date-picker-button';
import { LabelledSelect } from '@/components/ui/labelled-select';
import { platformOrganizationQueries } from '@/features/organization/queries';
import { userQueries } from '@/features/user/queries';
import { dateToDay, dayToDate } from '@/lib/days';
import { cn } from '@/lib/utils';
import { auditActionGroups, auditGroupLabel, type AuditView } from '../search';
import { FilterPicker } from './filter-picker';

type ViewChange = Partial<AuditView>;

/** How many filters narrow the log: the count phones see on "Filters". */
export function activeFilterCount(view: AuditView): number {
  return [view.group, view.actor, view.organization, view.from, view.to, view.targetType].filter(Boolean)
    .length;
}

/**
 * The audit log's filters: the group of actions (a native select), who acted and the organization
 * (searched by name), and the range of days. In a row on wider screens, stacked in phones' Filters sheet.
 */
export function AuditFilters({
  view,
  onChange,
  stacked = false,
  className,
}: {
  view: AuditView;
  onChange: (change: ViewChange) => void;
  stacked?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('audit');
  const actor = useQuery({ ...userQueries.detail(view.actor), enabled: view.actor !== '' });
  const organization = useQuery({
    ...platformOrganizationQueries.detail(view.organization),
    enabled: view.organization !== '',
  });
  const id = useId();
  return (
    <div
      className={cn(
        'grid grid-cols-1 gap-3',
        !stacked &&
          'gap-2 md:grid-cols-3 lg:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,0.8fr)_minmax(0,0.8fr)]',
        className,
      )}
    >
      <LabelledSelect
        label={t('filters.group')}
        icon={Filter}
        value={view.group}
        onChange={(group) => onChange({ group: auditActionGroups.find((g) => g === group) ?? '' })}
      >
        <option value="">{t('filters.allGroups')}</option>
        {auditActionGroups.map((group) => (
          <option key={group} value={group}>
            {t(auditGroupLabel(group))}
          </option>
        ))}
      </LabelledSelect>
      <FilterPicker
        label={t('filters.actor')}
        placeholder={t('filters.actorPlaceholder')}
        value={view.actor}
        // A deleted account can still be the filter (from a shared link): its id stands for it.
        valueName={actor.data ? actor.data.name || actor.data.email : actor.isError ? view.actor : undefined}
        onChange={(actorId) => onChange({ actor: actorId })}
        search={userQueries.search}
        toChoice={(user) => ({ id: user.id, name: user.name || user.email, detail: user.email })}
        stacked={stacked}
      />
      <FilterPicker
        label={t('filters.organization')}
        placeholder={t('filters.organizationPlaceholder')}
        value={view.organization}
        valueName={organization.data?.name ?? (organization.isError ? view.organization : undefined)}
        onChange={(organizationId) => onChange({ organization: organizationId })}
        search={platformOrganizationQueries.search}
        toChoice={(item) => ({ id: item.id, name: item.name, detail: item.slug })}
        stacked={stacked}
      />
      <div className="grid min-w-0 gap-1">
        <span id={`${id}-from`} className="text-xs font-medium text-muted-foreground">
          {t('filters.from')}
        </span>
        <DatePickerButton
          aria-labelledby={`${id}-from`}
          value={dayToDate(view.from)}
          max={dayToDate(view.to)}
          onChange={(date) => onChange({ from: dateToDay(date) })}
          clearable
          className="max-md:h-11"
        />
      </div>
      <div className="grid min-w-0 gap-1">
        <span id={`${id}-to`} className="text-xs font-medium text-muted-foreground">
          {t('filters.to')}
        </span>
        <DatePickerButton
          aria-labelledby={`${id}-to`}
          value={dayToDate(view.to)}
          min={dayToDate(view.from)}
          onChange={(date) => onChange({ to: dateToDay(date) })}
          clearable
          className="max-md:h-11"
        />
      </div>
    </div>
  );
}
