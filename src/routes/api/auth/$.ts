import { createFileRoute } from '@tanstack/react-router';
import { getAuth } from '@/server/auth/instance';
import { withClientIp } from '@/server/client-ip';

const handle = async ({ request }: { request: Request }) => (await getAuth()).handler(withClientIp(request));

export const Route = createFileRoute('/api/auth/$')({
  server: { handlers: { GET: handle, POST: handle } },
});
