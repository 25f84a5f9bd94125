import { createFileRoute } from '@tanstack/react-router';
import { answerApiRequest } from '@/server/api/handler';

/** One row of a public API collection: read, change, delete (src/server/api/handler.ts). */
export const Route = createFileRoute('/api/v1/$collection/$id')({
  server: {
    handlers: {
      GET: ({ request, params }) => answerApiRequest(request, params),
      PATCH: ({ request, params }) => answerApiRequest(request, params),
      DELETE: ({ request, params }) => answerApiRequest(request, params),
    },
  },
});
