import { createFileRoute } from '@tanstack/react-router';
import { serverEnv } from '@/server/env';
import { metricsAnswer } from '@/server/http/metrics-endpoint';

/** Prometheus metrics for the operator's scraper: off unless `METRICS_TOKEN` is set, then only with it. */
export const Route = createFileRoute('/api/metrics')({
  server: {
    handlers: {
      GET: ({ request }) => metricsAnswer(request, serverEnv().METRICS_TOKEN),
    },
  },
});
