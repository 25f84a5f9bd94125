import { Download, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageActions } from '@/hooks/use-page-actions';
import { lazyImport } from '@/lib/lazy-import';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { toast } from './toast';
import { numberFormat } from '@/lib/intl';

/** Rows so far, and what a screen reader was last told (told again at most every `ANNOUNCE_MS`). */
type Progress = { done: number; announced: number };

const ANNOUNCE_MS = 3000;

const loadDownload = lazyImport(() => import('./export-download'));

/** An export route's URL for a list view: the view's values as query parameters, empty ones left out. */
export function exportHref(path: string, view: Record<string, string>): string {
  const params = new URLSearchParams(Object.entries(view).filter(([, value]) => value !== ''));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * "Export CSV" for a list: downloads `href` (a server route streaming the list's current view), showing
 * "Exporting… 12,300 of 45,000 rows" with a progress bar while the rows arrive (`total`: the list's own
 * count; with `totalCapped` the bar has no end and only the rows so far are told), a Cancel button that
 * stops the download (and so the server's reads), and a translated toast when it fails. Progress is
 * announced politely; focus moves to Cancel while it runs and back to the button after.
 */
export function ExportButton({
  href,
  total,
  totalCapped = false,
  fallbackName = 'export.csv',
  className,
}: {
  href: string;
  total?: number | undefined;
  totalCapped?: boolean;
  fallbackName?: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState<Progress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const running = progress !== null;
  // Focus follows the control that is shown: Cancel while exporting, the button again after.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (running) cancel.current?.focus();
    else if (wasRunning.current) button.current?.focus();
    wasRunning.current = running;
  }, [running]);
  // Leaving the page stops the download.
  useEffect(() => () => controller.current?.abort(), []);

  async function start() {
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ done: 0, announced: 0 });
    let announcedAt = Date.now();
    try {
      const { downloadExport } = await loadDownload();
      const result = await downloadExport(href, {
        signal: abort.signal,
        fallbackName,
        t,
        onRows: (done) => {
          const announce = Date.now() - announcedAt >= ANNOUNCE_MS;
          if (announce) announcedAt = Date.now();
          setProgress((previous) => ({ done, announced: announce ? done : (previous?.announced ?? 0) }));
        },
      });
      if (result.saved) toast.success(t('export.finished', { rows: result.rows }));
      else if (result.refusal) toast.error(result.refusal);
    } catch {
      if (abort.signal.aborted) toast.success(t('export.cancelled'));
      else toast.error(t('export.failed'));
    } finally {
      controller.current = null;
      setProgress(null);
    }
  }

  // The command palette offers the export too, while none is running.
  usePageActions(
    running ? [] : [{ id: 'export', label: t('export.button'), icon: Download, run: () => void start() }],
  );

  if (!running) {
    return (
      <Button ref={button} variant="outline" className={className} onClick={() => void start()}>
        <Download aria-hidden />
        {/* Icon only on a phone, where the list's actions share one row. */}
        <span className="max-sm:sr-only">{t('export.button')}</span>
      </Button>
    );
  }

  const known = total !== undefined && !totalCapped && total > 0;
  const number = numberFormat(i18n.language);
  const describe = (done: number) =>
    known
      ? t('export.progress', { done: Math.min(done, total), total })
      : t('export.progressUnknown', { done });
  const percent = known ? Math.min(100, Math.round((progress.done / total) * 100)) : undefined;
  return (
    <div className={cn('flex w-full items-center gap-3 sm:w-80', className)}>
      <div className="grid min-w-0 flex-1 gap-1.5">
        <p className="truncate text-sm text-muted-foreground" aria-hidden>
          {describe(progress.done)}
        </p>
        {/* Polite and occasional: every chunk would be a stream of announcements. */}
        <p className="sr-only" role="status">
          {describe(progress.announced)}
        </p>
        <div
          role="progressbar"
          aria-label={t('export.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={known ? total : undefined}
          aria-valuenow={known ? Math.min(progress.done, total) : undefined}
          aria-valuetext={known ? `${percent}%` : number.format(progress.done)}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn(
              'h-full rounded-full bg-primary transition-[width]',
              !known && 'w-1/3 animate-pulse',
            )}
            style={known ? { width: `${percent}%` } : undefined}
          />
        </div>
      </div>
      <Button ref={cancel} variant="ghost" size="icon" onClick={() => controller.current?.abort()}>
        <X aria-hidden />
        <span className="sr-only">{t('export.cancel')}</span>
      </Button>
    </div>
  );
}
