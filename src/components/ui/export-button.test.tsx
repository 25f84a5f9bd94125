import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '@/test/i18n';
import { downloadName, ExportButton, exportHref } from './export-button';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('./toast', () => ({ toast }));

/** A streamed answer whose chunks the test releases one by one. */
function controlledBody() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    body,
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    /** What a fetch does to its body when its signal aborts. */
    abort: () => controller.error(new DOMException('The operation was aborted.', 'AbortError')),
  };
}

const csvHeaders = {
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="users.csv"; filename*=UTF-8''users-2026.csv`,
};

function renderButton(props: Partial<Parameters<typeof ExportButton>[0]> = {}) {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <ExportButton href="/api/export/users?searchTerm=ab" total={3} {...props} />
    </I18nextProvider>,
  );
}

let saved: { name: string; blob: Blob }[];

beforeEach(() => {
  saved = [];
  const urls = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:${urls.size}`;
        urls.set(url, blob);
        return url;
      },
      revokeObjectURL: () => {},
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = urls.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  toast.success.mockReset();
  toast.error.mockReset();
});

describe('ExportButton', () => {
  it('shows the rows as they arrive, then saves the file under the server’s name', async () => {
    const user = userEvent.setup();
    const stream = controlledBody();
    const fetch = vi.fn(() => Promise.resolve(new Response(stream.body, { headers: csvHeaders })));
    vi.stubGlobal('fetch', fetch);
    renderButton();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(fetch).toHaveBeenCalledWith('/api/export/users?searchTerm=ab', expect.anything());
    // Focus moves to Cancel while the export runs.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel export' })).toHaveFocus());

    stream.send('\uFEFFName,Note\r\nAda,"two\r\nlines"\r\n');
    const bar = screen.getByRole('progressbar', { name: 'Export progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '1'));
    expect(bar).toHaveAttribute('aria-valuemax', '3');
    expect(screen.getAllByText('Exporting… 1 of 3 rows')[0]).toBeVisible();

    stream.send('Bo,x\r\nCy,y\r\n');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '3'));
    stream.end();

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('users-2026.csv');
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer()).slice(0, 3)).toEqual(
      new Uint8Array([0xef, 0xbb, 0xbf]),
    );
    expect(toast.success).toHaveBeenCalledWith('Rows exported: 3');
    // Back to the button, focused.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveFocus());
  });

  it('tells only the rows so far when the total is capped', async () => {
    const user = userEvent.setup();
    const stream = controlledBody();
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(stream.body, { headers: csvHeaders })));
    renderButton({ total: 1000, totalCapped: true });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    stream.send('Name\r\nA\r\nB\r\n');
    await waitFor(() => expect(screen.getAllByText('Exporting… 2 rows')[0]).toBeVisible());
    expect(screen.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
  });

  it('Cancel stops the download and saves nothing', async () => {
    const user = userEvent.setup();
    const stream = controlledBody();
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      init.signal?.addEventListener('abort', stream.abort);
      return Promise.resolve(new Response(stream.body, { headers: csvHeaders }));
    });
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    stream.send('Name\r\nA\r\n');
    await user.click(await screen.findByRole('button', { name: 'Cancel export' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Export cancelled'));
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  });

  it('translates a refusal, and a failure midway, into an error toast', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', () =>
      Promise.resolve(Response.json({ code: 'FORBIDDEN', message: 'FORBIDDEN' }, { status: 403 })),
    );
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("You don't have access to this page"));

    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('Name\r\n'));
        controller.error(new Error('EXPORT_FAILED'));
      },
    });
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(broken, { headers: csvHeaders })));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('The export failed. Try again.'));
    expect(saved).toEqual([]);
  });
});

describe('exportHref', () => {
  it('puts the view in the query, leaving empty values out', () => {
    expect(exportHref('/api/export/users', { searchTerm: 'a b&c', role: '', sort: 'name' })).toBe(
      '/api/export/users?searchTerm=a+b%26c&sort=name',
    );
    expect(exportHref('/api/export/users', { searchTerm: '' })).toBe('/api/export/users');
  });
});

describe('downloadName', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(downloadName(`attachment; filename="_.csv"; filename*=UTF-8''%D9%86.csv`, 'x.csv')).toBe('ن.csv');
    expect(downloadName('attachment; filename="plain.csv"', 'x.csv')).toBe('plain.csv');
    expect(downloadName(null, 'x.csv')).toBe('x.csv');
  });
});
