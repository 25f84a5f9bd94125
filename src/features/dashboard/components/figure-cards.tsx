import { Activity, Ban, Building2, FolderGit2, type LucideIcon, UserPlus, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import type { DashboardFigures, EstimableFigure } from '../schema';
import { numberFormat } from '@/lib/intl';

type FigureKey = 'totalUsers' | 'newUsers' | 'activeUsers' | 'bannedUsers' | 'repositories' | 'organizations';

const figureIcons: Record<FigureKey, LucideIcon> = {
  totalUsers: Users,
  newUsers: UserPlus,
  activeUsers: Activity,
  bannedUsers: Ban,
  repositories: FolderGit2,
  organizations: Building2,
};
const figureKeys: FigureKey[] = [
  'totalUsers',
  'newUsers',
  'activeUsers',
  'bannedUsers',
  'repositories',
  'organizations',
];

// Each card spans three rows of the list's grid and shares them (subgrid): a label that wraps to two lines
// (French, Swahili) pushes every figure of its row down together, so the figures stay on one line.
// Six cards: three rows of two on a phone, two rows of three from 640 px (six in a row leave a label such
// as "Organizations" no room, even at 1280 px beside the sidebar).
const listClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3';
const cardClass = 'row-span-3 grid grid-rows-subgrid gap-y-1 rounded-lg border bg-card p-4 shadow-xs';

const isEstimable = (key: FigureKey): key is EstimableFigure =>
  key === 'totalUsers' || key === 'repositories' || key === 'organizations';

/**
 * The dashboard's key figures: a card each with its label, the number, and the period it covers if any.
 * A total that is an estimate (a large table, see `appConfig.dashboard.estimateAbove`) is rounded and
 * shown as "≈ 1.2M", read out as "About 1.2 million", and its card says it is an estimate.
 */
export function FigureCards({ figures }: { figures: DashboardFigures }) {
  const { t, i18n } = useTranslation('dashboard');
  const number = numberFormat(i18n.language);
  const compact = numberFormat(i18n.language, { notation: 'compact', maximumSignificantDigits: 3 });
  const spoken = numberFormat(i18n.language, {
    notation: 'compact',
    compactDisplay: 'long',
    maximumSignificantDigits: 3,
  });
  const percent = numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const hints: Partial<Record<FigureKey, string>> = {
    newUsers: t('figures.hint.newUsers'),
    activeUsers: t('figures.hint.activeUsers'),
    bannedUsers: t('figures.hint.bannedUsers', {
      share: percent.format(figures.totalUsers > 0 ? figures.bannedUsers / figures.totalUsers : 0),
    }),
  };
  return (
    <ul className={listClass}>
      {figureKeys.map((key) => {
        const Icon = figureIcons[key];
        const estimated = isEstimable(key) && figures.estimated[key];
        const hint = estimated ? t('figures.hint.estimate') : hints[key];
        return (
          <li key={key} className={cardClass}>
            <dl className="row-span-2 grid grid-rows-subgrid gap-y-1">
              <dt className="flex items-start justify-between gap-2 text-sm font-medium text-muted-foreground">
                <span>{t(`figures.${key}`)}</span>
                <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
              </dt>
              <dd className="text-3xl font-semibold tracking-tight tabular-nums">
                {estimated ? (
                  <>
                    <span aria-hidden className="whitespace-nowrap">
                      {t('figures.approximate', { value: compact.format(figures[key]) })}
                    </span>
                    <span className="sr-only">
                      {t('figures.approximateLabel', { value: spoken.format(figures[key]) })}
                    </span>
                  </>
                ) : (
                  number.format(figures[key])
                )}
              </dd>
            </dl>
            {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}

export function FigureSkeletons() {
  return (
    <div className={listClass}>
      {figureKeys.map((key) => (
        <div key={key} className={cardClass}>
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="mt-1 h-8 w-1/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      ))}
    </div>
  );
}
