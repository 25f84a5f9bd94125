/**
 * Errors that mean "the database cannot answer right now" rather than "this request is wrong": the
 * server is down or restarting, the connection broke, it is out of connections, no pooled connection
 * freed in time, or a statement ran out of time waiting or working. They become 503 answers; postgres.js
 * reconnects by itself on the next query.
 */
const UNAVAILABLE_CODES = new Set([
  // Node and postgres.js connection errors.
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  // No pooled connection freed within DATABASE_POOL_TIMEOUT_MS (admission.ts).
  'POOL_TIMEOUT',
  // Postgres: admin/crash shutdown, starting up, too many connections, statement timeout, lock timeout.
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
  '55P03',
]);

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  // SQLSTATE class 08: connection exceptions.
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  const nested = [
    (error as { cause?: unknown }).cause,
    ...((error as { errors?: unknown }).errors instanceof Array
      ? (error as { errors: unknown[] }).errors
      : []),
  ];
  return nested.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
