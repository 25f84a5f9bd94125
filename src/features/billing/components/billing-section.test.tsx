import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/errors';
import { createTestI18n } from '@/test/i18n';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';
import type { BillingOverview } from '../schema';
import { BillingSection } from './billing-section';

const { getBilling, startCheckout, openPortal, toast } = vi.hoisted(() => ({
  getBilling: vi.fn(),
  startCheckout: vi.fn(),
  openPortal: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock('../functions', () => ({
  $getBilling: getBilling,
  $startCheckout: startCheckout,
  $openBillingPortal: openPortal,
  $getPlatformOrganizationBilling: vi.fn(),
}));
vi.mock('@/components/ui/toast', () => ({ toast }));

stubViewport(DESKTOP_WIDTH);

const free: BillingOverview = {
  mode: 'stripe',
  plan: 'free',
  interval: null,
  status: 'none',
  seats: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  graceEndsAt: null,
  readOnly: false,
  hasCustomer: false,
  usage: { members: 2, repositories: 5 },
};
const pro: BillingOverview = {
  ...free,
  plan: 'pro',
  interval: 'month',
  status: 'active',
  seats: 2,
  currentPeriodEnd: '2027-01-02T10:00:00Z',
  hasCustomer: true,
};

function renderSection(overview: BillingOverview | null, role = 'owner') {
  getBilling.mockResolvedValue(overview);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={createTestI18n()}>
        <BillingSection organizationId="org-1" role={role} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** The section once its overview arrived. */
const section = async () => {
  const region = await screen.findByRole('region', { name: 'Plan and billing' });
  await within(region).findByText('Current plan');
  return region;
};
const planCard = async (name: string) => within(await section()).getByRole('article', { name });

describe('BillingSection', () => {
  beforeEach(() => {
    for (const mock of [getBilling, startCheckout, openPortal, toast.success, toast.error]) mock.mockReset();
  });

  it('shows the plan, what is used of each limit, and the plans at the chosen period', async () => {
    renderSection(free);
    const region = await section();
    expect(await within(region).findByText('Free', { selector: 'span' })).toBeVisible();
    expect(region).toHaveTextContent('No subscription');
    expect(region).toHaveTextContent('2 of 3');
    expect(region).toHaveTextContent('5 of 5');
    expect(within(await planCard('Pro')).getByText('$12 per member a month')).toBeVisible();
    await userEvent.click(within(region).getByRole('button', { name: 'Yearly' }));
    expect(within(await planCard('Pro')).getByText('$120 per member a year')).toBeVisible();
    expect(within(await planCard('Business')).getByText('$990 a year')).toBeVisible();
    expect(within(await planCard('Free')).getByText('Your plan')).toBeVisible();
    // No customer yet: nothing to manage.
    expect(within(region).queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });

  it('upgrades at the chosen period through Checkout', async () => {
    startCheckout.mockResolvedValue({ kind: 'checkout', url: 'https://checkout.stripe.test/cs_1' });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '' });
    renderSection(free);
    await userEvent.click(within(await section()).getByRole('button', { name: 'Yearly' }));
    await userEvent.click(within(await planCard('Business')).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/cs_1'));
    expect(startCheckout).toHaveBeenCalledWith({ data: { plan: 'business', interval: 'year' } });
    vi.unstubAllGlobals();
  });

  it('switches a subscription after confirming, and says which limit a smaller plan breaks', async () => {
    startCheckout.mockRejectedValueOnce(new AppError('PLAN_TOO_SMALL', 'members'));
    renderSection({ ...pro, usage: { members: 30, repositories: 5 } });
    const region = await section();
    expect(region).toHaveTextContent('Renews on January 2, 2027');
    expect(region).toHaveTextContent('2 members charged');
    expect(
      within(await planCard('Free')).getByText(/cancel the subscription in Manage billing/),
    ).toBeVisible();

    await userEvent.click(
      within(await planCard('Business')).getByRole('button', { name: 'Switch to this plan' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Switch to Business?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Switch plan' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'This plan allows less than the organization already has (Members). Remove some first, then switch.',
      ),
    );
    expect(startCheckout).toHaveBeenCalledWith({ data: { plan: 'business', interval: 'month' } });

    startCheckout.mockResolvedValueOnce({ kind: 'changed' });
    await userEvent.click(
      within(await planCard('Business')).getByRole('button', { name: 'Switch to this plan' }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Switch to Business?' })).getByRole('button', {
        name: 'Switch plan',
      }),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Sent to Stripe: the new plan shows here once Stripe confirms it.',
      ),
    );
  });

  it('warns while a payment is overdue, and says when the organization is read-only', async () => {
    const overdue = { ...pro, status: 'past_due', graceEndsAt: '2026-12-10T10:00:00Z' };
    const readOnly = renderSection({ ...overdue, readOnly: true });
    expect(within(await section()).getByRole('alert')).toHaveTextContent(
      'The organization is read-only: its payment is overdue. Update the payment method to make changes again.',
    );
    readOnly.unmount();
    renderSection(overdue);
    const alert = within(await section()).getByRole('alert');
    expect(alert).toHaveTextContent(
      'The last payment failed. Update the payment method before December 10, 2026, or the organization becomes read-only.',
    );
    expect(await section()).toHaveTextContent('Payment overdue');
  });

  it('shows nothing to a member, and nothing with billing off', async () => {
    const { container, unmount } = renderSection(pro, 'member');
    expect(container).toBeEmptyDOMElement();
    expect(getBilling).not.toHaveBeenCalled();
    unmount();
    const off = renderSection(null);
    await waitFor(() => expect(getBilling).toHaveBeenCalled());
    await waitFor(() => expect(off.container).toBeEmptyDOMElement());
  });
});
