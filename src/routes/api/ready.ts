import { createFileRoute } from '@tanstack/react-router';
import { checkReadiness } from '@/server/health';

/**
 * Readiness: 200 when the database answers, the build's migrations are applied and the job queue's tables
 * answer; 503 otherwise.
 */
export const Route = createFileRoute('/api/ready')({
  server: {
    handlers: {
      GET: async () => {
        const readiness = await checkReadiness();
        return Response.json(readiness, {
          status: readiness.status === 'ok' ? 200 : 503,
          headers: { 'cache-control': 'no-store' },
        });
      },
    },
  },
});
