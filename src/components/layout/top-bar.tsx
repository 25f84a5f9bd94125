import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextLine } from '@/components/ui/text-line';
import { useGoBack } from '@/hooks/use-go-back';
import { cn } from '@/lib/utils';

/**
 * The header of a detail screen: Back, the page's heading and its actions. It sticks to the top and pads for
 * the notch, so on a phone it serves as the full-screen page's only header.
 */
export function TopBar({
  title,
  backTo,
  actions,
  className,
}: {
  title: ReactNode;
  /**
   * Where Back leads when the screen was opened directly (a shared link, a reload on a fresh tab): the
   * parent screen. With in-app history Back simply returns, so scroll position and filters survive.
   */
  backTo: string;
  actions?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const goBack = useGoBack(backTo);
  return (
    <header
      className={cn(
        'sticky top-0 z-40 border-b bg-background/95 pt-[env(safe-area-inset-top)] backdrop-blur supports-[backdrop-filter]:bg-background/80',
        className,
      )}
    >
      <div className="mx-auto flex h-14 w-full max-w-5xl items-center gap-2 pr-[max(0.5rem,env(safe-area-inset-right))] pl-[max(0.5rem,env(safe-area-inset-left))] sm:px-4">
        <Button variant="ghost" size="icon" aria-label={t('actions.back')} onClick={goBack}>
          <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
        </Button>
        <h1 className="min-w-0 flex-1 text-lg font-semibold">
          <TextLine>{title}</TextLine>
        </h1>
        {actions ? <div className="flex shrink-0 items-center gap-1">{actions}</div> : null}
      </div>
    </header>
  );
}
