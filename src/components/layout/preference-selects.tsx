import { Languages, SunMoon } from 'lucide-react';
import { useRouter } from '@tanstack/react-router';
import { useTheme } from 'next-themes';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '~/app.config';
import { toLanguage } from '@/lib/i18n/languages';
import { cn } from '@/lib/utils';
import { useChangeLanguage } from '@/hooks/use-change-language';

const selectClass =
  'h-9 max-md:h-11 w-full max-w-32 truncate rounded-md border border-input bg-background ps-8 pe-2 text-sm sm:max-w-none text-foreground focus-visible:outline-2 focus-visible:outline-ring';

/** `className` styles the select (e.g. full width where the header's compact width would truncate). */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const id = useId();
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {t('preferences.language')}
      </label>
      <Languages
        className="pointer-events-none absolute start-2 top-1/2 -translate-y-1/2 size-4 text-muted-foreground"
        aria-hidden
      />
      <select
        id={id}
        className={cn(selectClass, className)}
        value={toLanguage(i18n.language) ?? appConfig.defaultLanguage}
        onChange={(e) => {
          const lng = toLanguage(e.target.value);
          if (lng) void changeLanguage(lng);
        }}
      >
        {appConfig.languages.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {appConfig.languageNames[lng]}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Sets the theme select just parsed (the script's previous sibling) to the stored choice before the first
 * paint: the server cannot know it, and React keeps a hydrated select's server-rendered option until the
 * select next updates, which never happens when the choice equals the device setting.
 */
const SHOW_STORED_THEME = `(function(s){try{var v=localStorage.getItem(${JSON.stringify(appConfig.theme.storageKey)});if(${JSON.stringify(appConfig.theme.options)}.indexOf(v)>=0)s.value=v}catch(e){}})(document.currentScript.previousElementSibling)`;

export function ThemeSelect({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const id = useId();
  // Set on the server only, like the theme script's.
  const nonce = useRouter().options.ssr?.nonce;
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {t('preferences.theme')}
      </label>
      <SunMoon
        className="pointer-events-none absolute start-2 top-1/2 -translate-y-1/2 size-4 text-muted-foreground"
        aria-hidden
      />
      <select
        id={id}
        className={cn(selectClass, className)}
        // The server renders "system"; the script below shows the stored choice before the first paint.
        value={theme ?? 'system'}
        onChange={(e) => setTheme(e.target.value)}
        suppressHydrationWarning
      >
        {appConfig.theme.options.map((option) => (
          <option key={option} value={option}>
            {t(`preferences.themes.${option}`)}
          </option>
        ))}
      </select>
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: SHOW_STORED_THEME }}
      />
    </div>
  );
}
