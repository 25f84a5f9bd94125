import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '@/test/i18n';
import { DataExportCard } from './data-export-card';

const { $exportMyData, toast } = vi.hoisted(() => ({
  $exportMyData: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock('../functions', () => ({ $exportMyData, $listSessions: vi.fn() }));
vi.mock('@/features/auth/functions', () => ({ $getSession: vi.fn(), $getAuthConfig: vi.fn() }));
vi.mock('@/components/ui/toast', () => ({ toast }));

const DATA = { profile: { email: 'ada@example.test' }, sessions: [{ ipAddress: '10.0.0.1' }] };

/** What the card handed the browser: the file's name and its Blob, from the temporary link it clicked. */
function watchDownloads() {
  const blobs = new Map<string, Blob>();
  const downloads: { name: string; blob: Blob | undefined }[] = [];
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.href) });
  });
  return downloads;
}

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={createTestI18n()}>
        <DataExportCard />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('button', { name: 'Download my data' });
}

describe('DataExportCard', () => {
  beforeEach(() => {
    $exportMyData.mockReset();
    toast.success.mockReset();
    toast.error.mockReset();
  });
  afterEach(() => vi.restoreAllMocks());

  it("saves the server's answer as starter-data-<today>.json", async () => {
    $exportMyData.mockResolvedValue(DATA);
    const downloads = watchDownloads();
    await userEvent.click(renderCard());

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Your data has been downloaded'));
    expect($exportMyData).toHaveBeenCalledTimes(1);
    const today = new Date();
    const date = [today.getFullYear(), today.getMonth() + 1, today.getDate()]
      .map((part) => String(part).padStart(2, '0'))
      .join('-');
    expect(downloads.map((d) => d.name)).toEqual([`starter-data-${date}.json`]);
    const blob = downloads[0]?.blob;
    expect(blob?.type).toBe('application/json');
    expect(JSON.parse((await blob?.text()) ?? '')).toEqual(DATA);
    // The temporary link is gone again.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('explains the hourly limit with the minutes to wait, and saves nothing', async () => {
    $exportMyData.mockRejectedValue(new Error('TOO_MANY_REQUESTS:1790'));
    const downloads = watchDownloads();
    await userEvent.click(renderCard());

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'You can download your data 5 times an hour. Try again in 30 minutes.',
      ),
    );
    expect(downloads).toEqual([]);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows any other failure as the translated code', async () => {
    $exportMyData.mockRejectedValue(new Error('SERVICE_UNAVAILABLE'));
    watchDownloads();
    await userEvent.click(renderCard());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Service temporarily unavailable, retrying…'),
    );
  });
});
