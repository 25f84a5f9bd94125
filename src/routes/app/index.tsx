import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { authQueries, useSession } from '@/features/auth/queries';
import { HomePage } from '@/features/home/components/home-page';
import { PasskeyPrompt } from '@/features/passkey/components/passkey-prompt';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/app/')({
  head: pageTitle('pages.home'),
  component: AppHomeScreen,
});

function AppHomeScreen() {
  const session = useSession();
  const { data: config } = useSuspenseQuery(authQueries.config());
  // No passkey offer in the demo (it registers none) nor to an administrator signed in as the user.
  const offer = session && !config.demo && !session.session.impersonatedBy;
  return <HomePage prompt={offer ? <PasskeyPrompt userId={session.user.id} /> : null} />;
}
