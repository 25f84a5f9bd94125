import { Languages, SunMoon } from 'lucide-react';
import { useRouter } from '@tanstack/react-router';
import { useTheme } from 'next-themes';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '~/app.config';
import { toLanguage } from '@/lib/i18n/languages';
import { cn } from '@/lib/utils';
import { Select } from '@/components/ui/select';
import { useChangeLanguage } from '@/hooks/use-change-language';

// Compact in the header (the width of the longest name at most), full width where a caller says so.
const selectClass = 'h-9 max-w-32 sm:max-w-none';

/** `className` styles the select (e.g. full width where the header's compact width would truncate). */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {t('preferences.language')}
      </label>
      <Select
        id={id}
        icon={Languages}
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
      </Select>
    </div>
  );
}

/**
 * Sets the theme select just parsed (in the script's previous sibling) to the stored choice before the first
 * paint: the server cannot know it, and React keeps a hydrated select's server-rendered option until the
 * select next updates, which never happens when the choice equals the device setting.
 */
const SHOW_STORED_THEME = `(function(s){try{var v=localStorage.getItem(${JSON.stringify(appConfig.theme.storageKey)});if(${JSON.stringify(appConfig.theme.options)}.indexOf(v)>=0)s.value=v}catch(e){}})(document.currentScript.previousElementSibling.querySelector('select'))`;

export function ThemeSelect({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const id = useId();
  // Set on the server only, like the theme script's.
  const nonce = useRouter().options.ssr?.nonce;
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {t('preferences.theme')}
      </label>
      <Select
        id={id}
        icon={SunMoon}
        data-preference="theme"
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
      </Select>
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: SHOW_STORED_THEME }}
      />
    </div>
  );
}
