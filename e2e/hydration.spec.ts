// The hydration marker (data-hydrated on <html>) is the moment from which nothing a visitor does is lost.
// Every layout (the sign-in screens, the app area, the manager area) renders its checkpoint through
// LayoutFrame; here a key pressed right after the marker reaches each layout's own handlers.
import { expect, test, waitForHydration } from './fixtures';
import { newEmail, signIn, signInAdmin } from './support/session';
import { en } from './support/text';

test('on the sign-in screens, Enter right after hydration is handled by the form, not the browser', async ({
  page,
}) => {
  await page.goto('/login');
  await waitForHydration(page);
  // Unhydrated, Enter would submit the form natively and reload the page with the address in the URL.
  await page.getByRole('textbox', { name: en('auth:login.email.label') }).press('Enter');
  await expect(page.getByText(en('auth:validation.email.required'))).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('in the app area, Enter right after hydration opens the user menu', async ({ page }) => {
  await signIn(page, newEmail('hydration-app'), { name: 'Hydra App' });
  await page.goto('/app');
  await waitForHydration(page);
  const menu = page.getByRole('button', { name: new RegExp(`^${en('userMenu.label')}`) });
  await menu.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: en('auth:signOut.action') })).toBeVisible();
});

test('in the manager area, Ctrl+B right after hydration collapses the sidebar', async ({ page }) => {
  await signInAdmin(page, { name: 'Hydra Admin' });
  await page.goto('/manager/dashboard');
  await waitForHydration(page);
  await page.keyboard.press('Control+b');
  await expect(page.getByRole('button', { name: en('sidebar.toggle') })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});
