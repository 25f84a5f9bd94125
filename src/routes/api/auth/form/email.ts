import { createFileRoute } from '@tanstack/react-router';
import { postSignInEmail } from '@/features/auth/sign-in-forms.server';

/** The login form posted before the page hydrated (or without JavaScript). */
export const Route = createFileRoute('/api/auth/form/email')({
  server: { handlers: { POST: ({ request }) => postSignInEmail(request) } },
});
