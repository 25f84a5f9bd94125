/// <reference types="vite/client" />
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet, Scripts, useRouter } from '@tanstack/react-router';
import { ThemeProvider } from 'next-themes';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { appConfig } from '~/app.config';
import { EnvBadge } from '@/components/layout/env-badge';
import { NavigationProgress } from '@/components/layout/navigation-progress';
import { prefetchToaster, ToastHost } from '@/components/ui/toast';
import { ImpersonationBanner } from '@/features/auth/components/impersonation-banner';
import { authQueries } from '@/features/auth/queries';
import { DemoDialog } from '@/features/demo/components/demo-dialog';
import { $getI18nBootstrap } from '@/features/preferences/functions';
import { i18nFor } from '@/lib/i18n/i18n-for';
import { markRootHydrated } from '@/lib/hydration-marker';
import { usePageFocus } from '@/hooks/use-page-focus';
import { rootTitle } from '@/lib/page-title';
import { type I18nBootstrap, isI18nBootstrap, takePreferredLanguage } from '@/lib/i18n/instance';
import { AppError } from '@/lib/errors';
import { directionOf, toLanguage } from '@/lib/i18n/languages';
// Imported for its side effect: the build inlines it into each page's <head> (vite.config.ts, inlineCss).
import '@/styles.css';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  loader: async ({ context }) => {
    // The session too, without failing on it: an error page (an unknown URL matches only this route) shows
    // the visitor's menu from the first paint. Guarded routes have read it already, so it is a cache hit.
    const bootstrapCall: Promise<unknown> = $getI18nBootstrap();
    const [bootstrap] = await Promise.all([
      bootstrapCall,
      context.queryClient.prefetchQuery(authQueries.session()),
    ]);
    // A proxy's error page can arrive as JSON; anything but a real bootstrap is an error, not data.
    if (!isI18nBootstrap(bootstrap)) throw new AppError('SERVICE_UNAVAILABLE');
    return bootstrap;
  },
  // The language only changes through the switcher, which invalidates the router itself.
  staleTime: Number.POSITIVE_INFINITY,
  head: (context) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
      { name: 'description', content: appConfig.description },
      // An unknown URL or a refused area ends here: the error page's title (src/lib/page-title.ts).
      { title: rootTitle(context) },
    ],
    links: [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }],
    // Zod compiles validators with `new Function` when it can, and finds out by trying while the schema
    // modules load. The Content-Security-Policy forbids eval, so each try would be reported as a
    // violation: zod reads this setting before any module runs and interprets instead.
    scripts: [{ children: 'globalThis.__zod_globalConfig={jitless:true}' }],
  }),
  shellComponent: RootDocument,
  component: Outlet,
});

const fallbackBootstrap: I18nBootstrap = { language: appConfig.defaultLanguage, resources: '{}' };

function RootDocument({ children }: { children: ReactNode }) {
  // If the root loader failed, the shell still renders (untranslated keys are fetched by the browser).
  const bootstrap = Route.useLoaderData() ?? fallbackBootstrap;
  const i18n = i18nFor(bootstrap);
  const [language, setLanguage] = useState(i18n.language);
  // Set on the server only; the theme script runs before hydration and never again.
  const nonce = useRouter().options.ssr?.nonce;
  usePageFocus();

  useEffect(() => {
    const onChange = (lng: string) => setLanguage(lng);
    i18n.on('languageChanged', onChange);
    const preferred = takePreferredLanguage();
    if (preferred && preferred !== toLanguage(i18n.language)) void i18n.changeLanguage(preferred);
    // sonner is fetched on the first toast; the first click or key press fetches it ahead, while online.
    const prefetch = () => prefetchToaster();
    for (const type of ['pointerdown', 'keydown']) window.addEventListener(type, prefetch, { once: true });
    // End-to-end tests wait for this marker (data-hydrated): clicks before hydration would be lost.
    markRootHydrated();
    return () => {
      i18n.off('languageChanged', onChange);
      for (const type of ['pointerdown', 'keydown']) window.removeEventListener(type, prefetch);
    };
  }, [i18n]);

  return (
    <html
      lang={language}
      dir={directionOf(language)}
      style={{ '--rtl-font-scale': appConfig.rtlFontScale } as React.CSSProperties}
      // next-themes sets the theme class before paint, which React did not render.
      suppressHydrationWarning
    >
      <head>
        <HeadContent />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          <ThemeProvider
            nonce={nonce}
            attribute="class"
            storageKey={appConfig.theme.storageKey}
            defaultTheme="system"
            enableSystem
            disableTransitionOnChange
          >
            <NavigationProgress />
            <EnvBadge />
            <ImpersonationBanner />
            {children}
            <DemoDialog />
            <ToastHost
              position={appConfig.toast.position}
              duration={appConfig.toast.durationMs}
              visibleToasts={appConfig.toast.visibleToasts}
              // Below the header band (the area's bar and the page's title row), where pages keep their
              // primary actions: docs/decisions/021-toast-placement.md.
              offset={{ top: appConfig.toast.offsetTop }}
              mobileOffset={{ top: appConfig.toast.phoneOffsetTop }}
              dir={directionOf(language)}
              containerAriaLabel={i18n.t('toast.region')}
              toastOptions={{ closeButtonAriaLabel: i18n.t('toast.close') }}
              richColors
              closeButton
            />
          </ThemeProvider>
        </I18nextProvider>
        <Scripts />
      </body>
    </html>
  );
}
