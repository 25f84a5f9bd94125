import '@tanstack/react-start/server-only';
import { withClientIp } from '@/server/client-ip';
import { isDatabaseUnavailable } from '@/server/db/errors';
import { checkDatabase } from '@/server/health';
import { logger, serializeError } from '@/server/logger';
import { getAuth } from './instance';

const unavailable = () =>
  Response.json(
    { code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable' },
    { status: 503, headers: { 'retry-after': '2' } },
  );

/**
 * A request to better-auth (`/api/auth/*`, or one the sign-in forms make on a visitor's behalf), carrying
 * the client address. better-auth answers any failure of its own with a bare 500; when the database is the
 * cause the caller gets a 503 it can retry instead (a first request during an outage fails before
 * better-auth even exists).
 */
export async function handleAuthRequest(request: Request): Promise<Response> {
  let response: Response;
  try {
    response = await (await getAuth()).handler(withClientIp(request));
  } catch (error) {
    if (isDatabaseUnavailable(error)) return unavailable();
    logger.error({ err: serializeError(error) }, 'auth request failed');
    return Response.json({ code: 'UNKNOWN_ERROR', message: 'Something went wrong' }, { status: 500 });
  }
  if (response.status >= 500 && response.status !== 503 && !(await checkDatabase()).ok) return unavailable();
  return response;
}
