import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { SessionView } from '@/lib/session-view';
import { createTestI18n } from '@/test/i18n';
import { SessionGroup, SessionList } from './session-list';

const session = (id: string, current = false): SessionView => ({
  id,
  current,
  administrator: false,
  impersonated: false,
  browser: 'Firefox 128',
  os: id === 'phone' ? 'iOS 18' : 'Windows 10',
  ipAddress: '203.0.113.9',
  ipHidden: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
  signInMethod: null,
});

function renderList(query: Parameters<typeof SessionList>[0]['query']) {
  return render(
    <I18nextProvider i18n={createTestI18n()}>
      <SessionList query={query}>
        {(sessions) => (
          <>
            <SessionGroup title="This device" sessions={sessions.filter((s) => s.current)} />
            <SessionGroup
              title="Other sessions"
              sessions={sessions.filter((s) => !s.current)}
              empty="No other active sessions"
            />
          </>
        )}
      </SessionList>
    </I18nextProvider>,
  );
}

describe('SessionList', () => {
  it('says it is loading while the sessions are read', () => {
    renderList({ isPending: true, isError: false, refetch: vi.fn() });
    expect(screen.getByText('Loading sessions…')).toHaveClass('sr-only');
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('shows the failure and reads the sessions again on Retry', async () => {
    const refetch = vi.fn();
    renderList({ isPending: false, isError: true, refetch });
    expect(screen.getByRole('alert')).toHaveTextContent('The sessions could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('lays the loaded sessions out in their groups, with the empty text where a group has none', () => {
    const { rerender } = renderList({
      isPending: false,
      isError: false,
      data: [session('laptop', true), session('phone')],
      refetch: vi.fn(),
    });
    const others = screen.getByRole('heading', { name: 'Other sessions' }).parentElement as HTMLElement;
    expect(within(others).getByRole('listitem')).toHaveTextContent('Firefox 128 on iOS 18');
    const thisDevice = screen.getByRole('heading', { name: 'This device' }).parentElement as HTMLElement;
    expect(within(thisDevice).getByRole('listitem')).toHaveTextContent('Firefox 128 on Windows 10');

    rerender(
      <I18nextProvider i18n={createTestI18n()}>
        <SessionList
          query={{ isPending: false, isError: false, data: [session('laptop', true)], refetch: vi.fn() }}
        >
          {(sessions) => (
            <SessionGroup sessions={sessions.filter((s) => !s.current)} empty="No other active sessions" />
          )}
        </SessionList>
      </I18nextProvider>,
    );
    expect(screen.getByText('No other active sessions')).toBeVisible();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });
});
