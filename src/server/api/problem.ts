import '@tanstack/react-start/server-only';

/** A field the caller sent that the schema refused: its path, the product's message key and its text. */
export type FieldProblem = { field: string; code: string; message: string };

/** The short, fixed title of each product error code an API answer carries (RFC 9457 `title`). */
const TITLES: Record<string, string> = {
  UNAUTHORIZED: 'Missing or invalid API key',
  INSUFFICIENT_SCOPE: 'The API key lacks the scope this call needs',
  NOT_FOUND: 'Not found',
  METHOD_NOT_ALLOWED: 'Method not allowed',
  VALIDATION_ERROR: 'The request is invalid',
  CONFLICT: 'Conflict',
  DEMO_MODE: 'The demo is read-only',
  PLAN_LIMIT_REACHED: "The organization's plan allows no more of these",
  ORGANIZATION_READ_ONLY: 'The organization is read-only until its overdue payment is made',
  TOO_MANY_REQUESTS: 'Too many requests',
  UNSUPPORTED_MEDIA_TYPE: 'The body must be JSON',
  PAYLOAD_TOO_LARGE: 'The body is too large',
  SERVICE_UNAVAILABLE: 'Service unavailable',
  UNKNOWN_ERROR: 'Unexpected error',
};

export const PROBLEM_CODES = Object.keys(TITLES);

/**
 * An `application/problem+json` answer (RFC 9457): `type` points at the code's entry in the API reference,
 * `code` is the product's error code (the same the app's functions send), `errors` names each refused
 * field. Never a library's text or a stack.
 */
export function problem(
  status: number,
  code: string,
  options: { detail?: string; errors?: FieldProblem[]; headers?: HeadersInit } = {},
): Response {
  const headers = new Headers(options.headers);
  headers.set('content-type', 'application/problem+json');
  headers.set('cache-control', 'no-store');
  return new Response(
    JSON.stringify({
      type: `/api/v1/reference#error-${code.toLowerCase().replaceAll('_', '-')}`,
      title: TITLES[code] ?? TITLES.UNKNOWN_ERROR,
      status,
      code,
      ...(options.detail ? { detail: options.detail } : {}),
      ...(options.errors ? { errors: options.errors } : {}),
    }),
    { status, headers },
  );
}
