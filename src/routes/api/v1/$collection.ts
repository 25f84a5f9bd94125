import { createFileRoute } from '@tanstack/react-router';
import { answerApiRequest } from '@/server/api/handler';

/** The public API's collections: list and create (src/server/api/handler.ts). */
export const Route = createFileRoute('/api/v1/$collection')({
  server: {
    handlers: {
      GET: ({ request, params }) => answerApiRequest(request, { collection: params.collection }),
      POST: ({ request, params }) => answerApiRequest(request, { collection: params.collection }),
    },
  },
});
