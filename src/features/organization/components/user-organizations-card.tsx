import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { TextLine } from '@/components/ui/text-line';
import { translateError } from '@/lib/translate-error';
import { platformOrganizationQueries } from '../queries';
import { OrganizationRoleBadges } from './organization-role-badges';
import { rowNameLinkClass } from './organization-sections';

/** The organizations a user belongs to, with their role in each, on the manager's user page. */
export function UserOrganizationsCard({ userId }: { userId: string }) {
  const { t } = useTranslation('organization');
  const query = useQuery(platformOrganizationQueries.ofUser(userId));
  const title = t('manager.userOrganizations.title');
  return (
    <SectionCard title={title}>
      {query.isPending ? (
        <div className="grid gap-2" aria-hidden>
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-5 w-1/3" />
        </div>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {translateError(t, query.error)}
        </p>
      ) : query.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('manager.userOrganizations.none')}</p>
      ) : (
        <ul aria-label={title} className="-mx-4 -mb-4 divide-y border-t sm:-mx-6 sm:-mb-6">
          {query.data.map((organization) => (
            <li key={organization.id} className="flex min-w-0 items-center gap-3 px-4 py-3 sm:px-6">
              <div className="grid min-w-0 flex-1 gap-0.5">
                <Link
                  to="/manager/organizations/$id"
                  params={{ id: organization.id }}
                  className={rowNameLinkClass}
                >
                  <TextLine>{organization.name}</TextLine>
                </Link>
                <TextLine className="text-xs text-muted-foreground">{organization.slug}</TextLine>
              </div>
              <span className="flex shrink-0 flex-wrap justify-end gap-1">
                <OrganizationRoleBadges role={organization.role} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
