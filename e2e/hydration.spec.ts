// The hydration marker (data-hydrated on <html>) is the moment from which nothing a visitor does is lost.
// Every layout (the sign-in screens, the app area, the manager area) renders its checkpoint through
// LayoutFrame; here a key pressed right after the marker reaches each layout's own handlers.
import { expect, test, waitForHydration } from './fixtures';
import { newEmail, signIn, signInAdmin } from './support/session';

test('on the sign-in screens, Enter right after hydration is handled by the form, not the browser', async ({
  page,
}) => {
  await page.goto('/login');
  await waitForHydration(page);
  // Unhydrated, Enter would submit the form natively and reload the page with the address in the URL.
  await page.getByRole('textbox', { name: 'Email' }).press('Enter');
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('in the app area, Enter right after hydration opens the sign-out confirmation', async ({ page }) => {
  await signIn(page, newEmail('hydration-app'), { name: 'Hydra App' });
  await page.goto('/app');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Sign Out' }).filter({ visible: true }).press('Enter');
  await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toBeVisible();
});

test('in the manager area, Ctrl+B right after hydration collapses the sidebar', async ({ page }) => {
  await signInAdmin(page, { name: 'Hydra Admin' });
  await page.goto('/manager/dashboard');
  await waitForHydration(page);
  await page.keyboard.press('Control+b');
  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});
