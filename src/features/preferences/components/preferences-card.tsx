import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';
import { LanguageSelect, ThemeSelect } from '@/components/layout/preference-selects';

/** Theme and language as a settings block (the account screen shows it); both choices persist. */
export function PreferencesCard() {
  const { t } = useTranslation();
  const rows = [
    {
      label: t('preferences.theme'),
      hint: t('preferences.themeHint'),
      control: <ThemeSelect className="max-w-none" />,
    },
    {
      label: t('preferences.language'),
      hint: t('preferences.languageHint'),
      control: <LanguageSelect className="max-w-none" />,
    },
  ];
  return (
    <SectionCard title={t('preferences.title')}>
      <div className="grid divide-y">
        {rows.map((row) => (
          <div
            key={row.label}
            className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
          >
            <div className="grid min-w-0 flex-1 basis-40 gap-0.5">
              <p className="text-sm font-medium">{row.label}</p>
              <p className="text-sm text-muted-foreground">{row.hint}</p>
            </div>
            <div className="w-full max-w-56 sm:w-56">{row.control}</div>
          </div>
        ))}
      </div>
    </SectionCard>
  );
}
