import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppLanguage } from '~/app.config';
import { createTestI18n } from '@/test/i18n';
import type { FailedJob, JobsOverview } from '../schema';
import { JobsPage } from './jobs-page';

const { $getJobsOverview, $listFailedJobs, $retryFailedJob, $deleteFailedJob, toast } = vi.hoisted(() => ({
  $getJobsOverview: vi.fn(),
  $listFailedJobs: vi.fn(),
  $retryFailedJob: vi.fn(),
  $deleteFailedJob: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock('../functions', () => ({ $getJobsOverview, $listFailedJobs, $retryFailedJob, $deleteFailedJob }));
vi.mock('@/features/audit/functions', () => ({ $listAuditEntries: vi.fn() }));
vi.mock('@/components/ui/toast', () => ({ toast }));

const OVERVIEW: JobsOverview = {
  queues: [
    { queue: 'mail', waiting: 3, running: 1, failed: 1, completed: 1204 },
    { queue: 'expired-rows', waiting: 0, running: 0, failed: 0, completed: 12 },
  ],
  schedules: [
    {
      queue: 'expired-rows',
      cron: '*/10 * * * *',
      lastRun: { at: '2026-12-02T08:20:00.000Z', state: 'completed' },
      nextRunAt: '2026-12-02T08:30:00.000Z',
    },
    { queue: 'audit-retention', cron: '17 3 * * *', lastRun: null, nextRunAt: '2026-12-03T03:17:00.000Z' },
  ],
};

const FAILED: FailedJob = {
  id: '7b7e1d34-9f7e-4c1a-9a55-0d2f6c2b9e10',
  queue: 'mail',
  createdAt: '2026-12-01T06:05:00.000Z',
  attempts: 31,
  error: 'The e-mail could not be sent',
  cause: 'connect ECONNREFUSED 127.0.0.1:2525',
  mail: { kind: 'invitation', to: 'grace@example.com' },
};

const page = (items: FailedJob[]) => ({ items, nextCursor: null, total: items.length, totalCapped: false });

function renderPage(language: AppLanguage = 'en') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <JobsPage />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** A table's rows as their cells' texts (ICU's narrow space before AM read as a space), header row first. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) =>
      Array.from(row.querySelectorAll('th, td'), (cell) =>
        (cell.textContent ?? '').replace(/\u202f/g, ' ').trim(),
      ),
    );
}

describe('JobsPage', () => {
  beforeEach(() => {
    for (const fn of [$getJobsOverview, $listFailedJobs, $retryFailedJob, $deleteFailedJob]) fn.mockReset();
    toast.success.mockReset();
    toast.error.mockReset();
  });

  it('shows each queue, the failed job with its error and the schedules in words, times in UTC', async () => {
    $getJobsOverview.mockResolvedValue(OVERVIEW);
    $listFailedJobs.mockResolvedValue(page([FAILED]));
    renderPage();

    expect(rowsOf(await screen.findByRole('table', { name: 'Queues' }))).toEqual([
      ['Queue', 'Waiting', 'Running', 'Failed', 'Completed'],
      ['E-mailmail', '3', '1', '1', '1,204'],
      ['Expired rows cleanupexpired-rows', '0', '0', '0', '12'],
    ]);
    const failed = await screen.findByRole('table', { name: 'Failed jobs' });
    expect(rowsOf(failed)[1]?.slice(0, 4)).toEqual([
      'E-mailInvitation to \u2068grace@example.com\u2069',
      'The e-mail could not be sentconnect ECONNREFUSED 127.0.0.1:2525',
      '31',
      'Dec 1, 2026, 6:05 AM',
    ]);
    expect(screen.getAllByText('Showing 1 of 1').length).toBeGreaterThan(0);
    expect(rowsOf(screen.getByRole('table', { name: 'Schedules' }))).toEqual([
      ['Queue', 'Runs', 'Last run (UTC)', 'Next run (UTC)'],
      [
        'Expired rows cleanupexpired-rows',
        'Every 10 minutes*/10 * * * *',
        'Dec 2, 2026, 8:20 AMCompleted',
        'Dec 2, 2026, 8:30 AM',
      ],
      [
        'Audit log retentionaudit-retention',
        'Every day at 3:17 AM UTC17 3 * * *',
        'Not yet',
        'Dec 3, 2026, 3:17 AM',
      ],
    ]);
  });

  it('says so when nothing failed and nothing is scheduled', async () => {
    $getJobsOverview.mockResolvedValue({ ...OVERVIEW, schedules: [] });
    $listFailedJobs.mockResolvedValue(page([]));
    renderPage();
    // The list says it, and its status line repeats it for screen readers.
    expect(
      await screen.findByText('No failed jobs', { selector: 'p:not([role="status"])' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No scheduled jobs')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Schedules' })).toBeNull();
  });

  it('reads right to left in Arabic, with the addresses and errors in their own direction', async () => {
    $getJobsOverview.mockResolvedValue(OVERVIEW);
    $listFailedJobs.mockResolvedValue(page([FAILED]));
    renderPage('ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'المهام في الخلفية' })).toBeInTheDocument();
    const failed = await screen.findByRole('table', { name: 'المهام الفاشلة' });
    expect(within(failed).getByText('The e-mail could not be sent')).toHaveAttribute('dir', 'auto');
    expect(within(failed).getByText(/grace@example\.com/)).toHaveTextContent('دعوة إلى');
  });
});
