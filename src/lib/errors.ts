/**
 * The only error shape the server sends on purpose. Start serialises just `message`, so the code (and an
 * optional field) travel inside it as `CODE` or `CODE:field`; the client maps codes to translated text.
 */
export class AppError extends Error {
  readonly code: string;
  readonly field: string | undefined;
  constructor(code: string, field?: string) {
    super(field ? `${code}:${field}` : code);
    this.name = 'AppError';
    this.code = code;
    this.field = field;
  }
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
