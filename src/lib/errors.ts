/**
 * The only error shape the server sends on purpose. Start serialises just `message`, so the code (and an
 * optional field) travel inside it as `CODE` or `CODE:field`; the client maps codes to translated text.
 */
export class AppError extends Error {
  readonly code: string;
  readonly field: string | undefined;
  /** The HTTP status of the answer; Start reads `status` from a thrown error. */
  readonly status: number;
  constructor(code: string, field?: string) {
    super(field ? `${code}:${field}` : code);
    this.name = 'AppError';
    this.code = code;
    this.field = field;
    this.status = statusOfCode(code);
  }
}

const STATUS_BY_CODE: Record<string, number> = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  DEMO_MODE: 403,
  NOT_WHILE_IMPERSONATING: 403,
  YOU_CANNOT_CHANGE_A_PROTECTED_ADMIN: 403,
  SESSION_NOT_FRESH: 403,
  PLAN_LIMIT_REACHED: 403,
  ORGANIZATION_READ_ONLY: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EXPORT_RUNNING: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  UNKNOWN_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** Any other code is a refusal of this particular request, so a client error. */
function statusOfCode(code: string): number {
  return STATUS_BY_CODE[code] ?? 400;
}

/**
 * A refusal for going over a rate limit. The whole seconds to wait travel in the field slot
 * (`TOO_MANY_REQUESTS:30`), since the message is all Start sends; `retryAfterOf` reads them back.
 */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', String(Math.max(1, Math.ceil(retryAfterSeconds))));
}

/** The seconds a TOO_MANY_REQUESTS refusal asks to wait, when it says; undefined for anything else. */
export function retryAfterOf(error: unknown): number | undefined {
  const { code, field } = errorCodeOf(error);
  const seconds = Number(field);
  return code === 'TOO_MANY_REQUESTS' && Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}

const CODE_PATTERN = /^([A-Z][A-Z0-9_]*)(?::([A-Za-z0-9_.-]+))?$/;

/** Reads `{ code, field }` from anything thrown; unknown errors become `UNKNOWN_ERROR`. */
export function errorCodeOf(error: unknown): { code: string; field?: string } {
  const message =
    typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : '';
  const match = CODE_PATTERN.exec(message);
  if (!match?.[1]) return { code: 'UNKNOWN_ERROR' };
  return match[2] ? { code: match[1], field: match[2] } : { code: match[1] };
}

/** Answers that a retry cannot change: the caller's input or rights are wrong, not the network. */
const FINAL_CODES = new Set([
  'NOT_FOUND',
  'FORBIDDEN',
  'UNAUTHORIZED',
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'PAYLOAD_TOO_LARGE',
  'DEMO_MODE',
  // Retrying would only count against the limit again.
  'TOO_MANY_REQUESTS',
  // The caller has no organization to work in until they choose or get one.
  'NO_ACTIVE_ORGANIZATION',
  // Until the plan changes or the payment is made.
  'PLAN_LIMIT_REACHED',
  'PLAN_TOO_SMALL',
  'ORGANIZATION_READ_ONLY',
]);

/** Query retry policy: the library's 3 retries for failures that may pass, none for a final answer. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < 3 && !FINAL_CODES.has(errorCodeOf(error).code);
}

/**
 * A refusal of the read-only demo, from a server function (`DEMO_MODE` message) or an auth call (`code`
 * field). The demo dialog explains it, so a caller shows no error message or toast of its own for it.
 */
export function isDemoRefusal(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === 'DEMO_MODE' || errorCodeOf(error).code === 'DEMO_MODE';
}
