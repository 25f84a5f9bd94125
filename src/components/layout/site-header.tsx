import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '~/app.config';
import { cn } from '@/lib/utils';
import { LanguageSelect, ThemeSelect } from '@/components/layout/preference-selects';

/**
 * Top bar shared by every area: product name, an optional navigation, and either the signed-in user's menu
 * (`account`, which holds the display preferences) or, signed out, the language and theme selects.
 */
export function SiteHeader({
  home = '/',
  context,
  nav,
  account,
  className,
}: {
  home?: string;
  /** What the area works inside, next to the product name (the app area's organization switcher). */
  context?: ReactNode;
  /** The area's navigation (it takes the free width); a spacer when absent. */
  nav?: ReactNode;
  className?: string | undefined;
  /** The signed-in user's menu; without it the header shows the language and theme selects. */
  account?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:inline-flex focus:min-h-11 focus:items-center"
      >
        {t('actions.skipToContent')}
      </a>
      <header className={cn('border-b', className)}>
        <div className="mx-auto flex h-14 w-full max-w-5xl items-center gap-4 px-4 sm:px-6">
          <Link to={home} className="flex items-center gap-2 font-semibold max-md:min-h-11 max-md:min-w-11">
            <img src="/favicon.svg" alt="" width={24} height={24} />
            <span className="max-sm:sr-only">{appConfig.name}</span>
          </Link>
          {context}
          {nav ?? <div className="flex-1" />}
          {/* ms-auto: the navigation (the spacer) is hidden on small screens. */}
          <div className="ms-auto flex min-w-0 items-center gap-2">
            {account ?? (
              <>
                <LanguageSelect />
                <ThemeSelect />
              </>
            )}
          </div>
        </div>
      </header>
    </>
  );
}
