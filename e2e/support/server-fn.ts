// Calls a server function over HTTP the way the app's client does: `/_serverFn/<id>`, the payload
// serialised with seroval (the query's `payload` for GET, the JSON body for POST), the answer decoded.
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { fromCrossJSON, toJSON } from 'seroval';
import { serverFnId } from '../../scripts/server-fn-id.ts';

export type ServerFnCall = {
  /** `src/features/<feature>/functions.ts#$name`. */
  fn: string;
  method: 'GET' | 'POST';
  data?: unknown;
  headers?: Record<string, string>;
};

export function serverFnUrl(origin: string, fn: string): string {
  const [file = '', name = ''] = fn.split('#');
  return `${origin}/_serverFn/${serverFnId(file, name)}`;
}

export async function callServerFn(
  request: APIRequestContext,
  origin: string,
  call: ServerFnCall,
): Promise<{ response: APIResponse; result?: unknown; errorMessage?: string }> {
  const payload = JSON.stringify(toJSON({ data: call.data }));
  const headers = { origin, 'x-tsr-serverFn': 'true', accept: 'application/json', ...call.headers };
  const url = serverFnUrl(origin, call.fn);
  const response =
    call.method === 'GET'
      ? await request.get(url, { headers, params: { payload } })
      : await request.post(url, {
          headers: { ...headers, 'content-type': 'application/json' },
          data: payload,
        });
  const text = await response.text();
  if (!response.headers()['x-tss-serialized']) return { response };
  // A thrown error travels through one of Start's seroval plugins; its message is all the app sends.
  const errorMessage = SERIALISED_ERROR.exec(text)?.[1];
  if (errorMessage !== undefined) return { response, errorMessage };
  const decoded = fromCrossJSON(JSON.parse(text) as Parameters<typeof fromCrossJSON>[0], {
    refs: new Map(),
  }) as { result?: unknown };
  return { response, result: decoded.result };
}

const SERIALISED_ERROR = /"k":\["error"\].*?"message":\{"t":1,"s":"([^"]*)"\}/;

/** The message of an error Start serialised into an answer's body, if the body is one. */
export function serialisedErrorMessage(text: string): string | undefined {
  return SERIALISED_ERROR.exec(text)?.[1];
}
