import { createFileRoute } from '@tanstack/react-router';

/** Liveness: the process is up and answering. It never touches the database, so an outage restarts nothing. */
export const Route = createFileRoute('/api/health')({
  server: {
    handlers: {
      GET: () =>
        Response.json(
          { status: 'ok', uptimeSeconds: Math.round(process.uptime()) },
          { headers: { 'cache-control': 'no-store' } },
        ),
    },
  },
});
