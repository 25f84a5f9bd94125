import { createFileRoute } from '@tanstack/react-router';
import { postSignInCode } from '@/features/auth/sign-in-forms.server';

/** The verify form posted before the page hydrated (or without JavaScript). */
export const Route = createFileRoute('/api/auth/form/code')({
  server: { handlers: { POST: ({ request }) => postSignInCode(request) } },
});
