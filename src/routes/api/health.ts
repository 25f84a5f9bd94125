import { createFileRoute } from '@tanstack/react-router';
import { checkHealth } from '@/server/health';

export const Route = createFileRoute('/api/health')({
  server: {
    handlers: {
      GET: async () => {
        const health = await checkHealth();
        return Response.json(health, {
          status: health.status === 'ok' ? 200 : 503,
          headers: { 'cache-control': 'no-store' },
        });
      },
    },
  },
});
