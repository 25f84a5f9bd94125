import { createFileRoute } from '@tanstack/react-router';
import { referencePage } from '@/server/api/reference';

/** The public API's reference: its OpenAPI document as a readable page (src/server/api/reference.ts). */
export const Route = createFileRoute('/api/v1/reference')({
  server: {
    handlers: {
      GET: ({ request }) =>
        new Response(referencePage(new URL(request.url).origin), {
          headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=300' },
        }),
    },
  },
});
