import type { ReactNode } from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { ChevronRight, FolderGit2, LayoutDashboard, type LucideIcon, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { roleCan } from '@/features/auth/permissions';
import { useSession } from '@/features/auth/queries';

/** The app's start: a greeting by name and the ways in, with the manager area for those who may enter it. */
export function HomePage({ prompt }: { prompt?: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) return null;
  const canManage = roleCan(session.user.role, { apps: ['manager'] });
  return (
    <Page title={t('home.greeting', { name: session.user.name })}>
      <p className="-mt-4 mb-6 text-muted-foreground">{t('home.intro')}</p>
      {prompt}
      <ul className="grid gap-3 sm:grid-cols-2">
        <HomeLink to="/app/repositories" icon={FolderGit2} title={t('repository:nav')}>
          {t('home.repositories')}
        </HomeLink>
        <HomeLink to="/app/account" icon={UserRound} title={t('nav.account')}>
          {t('home.account')}
        </HomeLink>
        {canManage ? (
          <HomeLink to="/manager/dashboard" icon={LayoutDashboard} title={t('home.manager')}>
            {t('home.managerDescription')}
          </HomeLink>
        ) : null}
      </ul>
    </Page>
  );
}

function HomeLink({
  to,
  icon: Icon,
  title,
  children,
}: {
  to: NonNullable<LinkProps['to']>;
  icon: LucideIcon;
  title: string;
  children: string;
}) {
  return (
    <li>
      <Link
        to={to}
        className="flex h-full items-center gap-4 rounded-lg border p-4 hover:bg-muted/60 focus-visible:bg-muted/60"
      >
        <Icon aria-hidden="true" className="size-6 shrink-0 text-primary" />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="font-medium">{title}</span>
          <span className="text-sm text-muted-foreground">{children}</span>
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground rtl:-scale-x-100" />
      </Link>
    </li>
  );
}
