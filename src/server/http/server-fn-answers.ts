import '@tanstack/react-start/server-only';
import { defaultSerovalDeserializerPlugins } from '@tanstack/react-start';
import { fromJSON, type SerovalJSON, toCrossJSON } from 'seroval';
import { AppError } from '@/lib/errors';

// Start reads a server-function call's payload itself (the `payload` query of a GET, the JSON or form body
// of a POST: start-server-core's handleServerAction) and answers whatever it cannot read with HTTP 500 and
// the parser's own message ("Unexpected end of JSON input", "Seroval Error (step: 3)", …). The request
// middleware asks `isReadableCall` first, the same way Start will read the call, and refuses the rest with
// `serverFnRefusal` before Start sees them.

const FORM = /multipart\/form-data|application\/x-www-form-urlencoded/i;

/**
 * Whether Start can read this server-function call's payload. The app's client sends a seroval-serialised
 * object (`{ data }`) or nothing; anything else is a call no client of the app makes.
 */
export async function isReadableCall(request: Request): Promise<boolean> {
  const type = request.headers.get('content-type') ?? '';
  if (FORM.test(type)) {
    // Start refuses a form on a GET with an invariant failure, and parses a POST's form itself.
    if (request.method === 'GET') return false;
    return request
      .clone()
      .formData()
      .then(
        () => true,
        () => false,
      );
  }
  if (request.method === 'GET') {
    const payload = new URL(request.url).searchParams.get('payload');
    return !payload || isSerialisedPayload(payload);
  }
  // Start reads a POST body only when it is declared JSON.
  if (!type.toLowerCase().includes('application/json')) return true;
  return isSerialisedPayload(await request.clone().text());
}

/** The text is JSON that seroval turns into an object, as the client's `toJSON({ data })` does. */
export function isSerialisedPayload(text: string): boolean {
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
    // fromJSON checks every node and throws on anything it cannot build: the type is its to enforce.
    const payload: unknown = fromJSON(json as SerovalJSON, { plugins: defaultSerovalDeserializerPlugins });
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload);
  } catch {
    return false;
  }
}

/**
 * A server-function refusal as Start serialises a thrown error (`{ error }`, only its message, here the bare
 * code), so the app's client rethrows it as it does any other: `errorCodeOf` reads the code.
 */
export function serverFnRefusal(
  code: string,
  status: number,
  headers: Record<string, string> = {},
): Response {
  const body = toCrossJSON(
    { error: new AppError(code) },
    { refs: new Map(), plugins: defaultSerovalDeserializerPlugins },
  );
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'content-type': 'application/json', 'x-tss-serialized': 'true' },
  });
}

/**
 * Start refuses a call with the wrong method itself, in text ("expected GET method. Got POST"): the same
 * refusal, with the bare code and Start's `Allow`.
 */
export function methodRefusal(response: Response): Response {
  void response.body?.cancel();
  const allow = response.headers.get('allow');
  return serverFnRefusal('METHOD_NOT_ALLOWED', 405, allow ? { allow } : {});
}
