import '@tanstack/react-start/server-only';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Keys whose values never reach a log line, wherever they sit (top level or one object down): session
 * cookies, bearer tokens, one-time codes, OAuth codes and state, secrets.
 */
const SECRET_KEYS = [
  'cookie',
  'set-cookie',
  'authorization',
  'otp',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'password',
  'secret',
];

const REDACT_PATHS = SECRET_KEYS.flatMap((key) => [`["${key}"]`, `*["${key}"]`, `*.*["${key}"]`]);

/** A one-time code, token or OAuth code/state in a URL's query, wherever a message quotes one. */
const SECRET_IN_QUERY = /([?&](?:otp|code|token|state|access_token|id_token)=)[^&#\s"']+/gi;

export function scrubText(text: string): string {
  return text.replace(SECRET_IN_QUERY, '$1[redacted]');
}

/** One JSON line per event on stdout; `LOG_LEVEL` (default info, silent in tests) chooses how much. */
export function createLogger(destination?: DestinationStream): Logger {
  const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info');
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg));
          method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}

export const logger = createLogger();

/** Drizzle quotes a failed query's parameters in its message: session tokens, e-mail addresses, codes. */
const QUERY_PARAMS = /(\bparams: )[^\n]*/g;

function scrubError(text: string): string {
  return scrubText(text.replace(QUERY_PARAMS, '$1[redacted]'));
}

/**
 * An error for the server's log: type, message and stack, plus a database or library code if any. Query
 * parameters are cut from messages: they hold whatever the query was looking for.
 */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: scrubError(String(error)) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: scrubError(error.message),
    ...(code === undefined ? {} : { code }),
    stack: error.stack === undefined ? undefined : scrubError(error.stack),
    ...(error.cause ? { cause: serializeError(error.cause) } : {}),
  };
}
