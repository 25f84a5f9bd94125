import { createFileRoute, redirect } from '@tanstack/react-router';
import { redirectSignedIn } from '@/features/auth/guards';

export const Route = createFileRoute('/')({
  beforeLoad: async ({ context }) => {
    // Signed in: straight to the area of the user's role. Otherwise: the login screen.
    await redirectSignedIn(context);
    throw redirect({ to: '/login' });
  },
});
