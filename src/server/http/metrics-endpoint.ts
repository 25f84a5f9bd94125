import '@tanstack/react-start/server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { renderMetrics, startProcessMetrics } from '../metrics.ts';
import { routeRefusal } from './route-auth.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `Authorization` carries `Bearer <token>`, compared in constant time (digests of equal length). */
function bearerMatches(authorization: string | null, token: string): boolean {
  const presented = /^Bearer +(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

/**
 * `GET /api/metrics` for an operator's scraper: without `token` (`METRICS_TOKEN` unset) the endpoint does
 * not exist (404, as an unknown path answers); with it, only `Authorization: Bearer <token>` gets the
 * metrics, anyone else a bare 401 that says nothing more.
 */
export async function metricsAnswer(request: Request, token: string | undefined): Promise<Response> {
  if (!token) return routeRefusal('NOT_FOUND');
  if (!bearerMatches(request.headers.get('authorization'), token)) {
    return new Response(null, {
      status: 401,
      headers: { 'www-authenticate': 'Bearer', 'cache-control': 'no-store' },
    });
  }
  startProcessMetrics();
  const { contentType, text } = await renderMetrics();
  return new Response(text, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
}
