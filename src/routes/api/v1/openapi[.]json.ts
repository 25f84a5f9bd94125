import { createFileRoute } from '@tanstack/react-router';
import { openApiDocument } from '@/server/api/openapi';

/** The public API's OpenAPI 3.1 document, made from the server's own schemas (src/server/api/openapi.ts). */
export const Route = createFileRoute('/api/v1/openapi.json')({
  server: {
    handlers: {
      GET: () => Response.json(openApiDocument(), { headers: { 'cache-control': 'public, max-age=300' } }),
    },
  },
});
