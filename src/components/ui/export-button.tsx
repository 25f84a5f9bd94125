import { Download, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { csvRecordCounter } from '@/lib/csv';
import { translateError } from '@/lib/translate-error';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { toast } from './toast';

/** Rows so far, and what a screen reader was last told (told again at most every `ANNOUNCE_MS`). */
type Progress = { done: number; announced: number };

const ANNOUNCE_MS = 3000;

/** An export route's URL for a list view: the view's values as query parameters, empty ones left out. */
export function exportHref(path: string, view: Record<string, string>): string {
  const params = new URLSearchParams(Object.entries(view).filter(([, value]) => value !== ''));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The file name the server gave (`filename*` first, then `filename`), else `fallback`. */
export function downloadName(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // Falls through to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** A refusal's `{ status, code }` for translateError, from the JSON a server route answers with. */
async function refusalOf(response: Response): Promise<{ status: number; code?: unknown }> {
  try {
    const body = (await response.json()) as { code?: unknown } | null;
    return { status: response.status, code: body?.code };
  } catch {
    return { status: response.status };
  }
}

/** Hands the downloaded bytes to the browser as a file. */
function saveFile(parts: BlobPart[], name: string) {
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by then; a later revoke would only keep the memory longer.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
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
      const response = await fetch(href, { signal: abort.signal, credentials: 'same-origin' });
      if (!response.ok || !response.body) {
        const message = translateError(t, await refusalOf(response), ['common:errorCodes']);
        if (message) toast.error(message);
        return;
      }
      const parts: Uint8Array[] = [];
      const counter = csvRecordCounter();
      const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
      const reader = response.body.getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        parts.push(next.value);
        // The header is a record too.
        const done = Math.max(0, counter.add(decoder.decode(next.value, { stream: true })) - 1);
        const announce = Date.now() - announcedAt >= ANNOUNCE_MS;
        if (announce) announcedAt = Date.now();
        setProgress((previous) => ({ done, announced: announce ? done : (previous?.announced ?? 0) }));
      }
      saveFile(parts as BlobPart[], downloadName(response.headers.get('content-disposition'), fallbackName));
      toast.success(t('export.finished', { rows: Math.max(0, counter.records - 1) }));
    } catch {
      if (abort.signal.aborted) toast.success(t('export.cancelled'));
      else toast.error(t('export.failed'));
    } finally {
      controller.current = null;
      setProgress(null);
    }
  }

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
  const number = new Intl.NumberFormat(i18n.language);
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
