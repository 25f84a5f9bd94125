import { defaultSerovalDeserializerPlugins } from '@tanstack/react-start';
import { fromCrossJSON, toJSON } from 'seroval';
import { describe, expect, it } from 'vitest';
import { errorCodeOf } from '@/lib/errors';
import { isReadableCall, isSerialisedPayload, serverFnRefusal } from './server-fn-answers';

const URL_BASE = 'http://localhost/_serverFn/abc';
const payload = (data: unknown) => JSON.stringify(toJSON({ data }));

const post = (body: string, type = 'application/json') =>
  new Request(URL_BASE, { method: 'POST', body, headers: { 'content-type': type } });
const get = (query?: string) =>
  new Request(query === undefined ? URL_BASE : `${URL_BASE}?payload=${encodeURIComponent(query)}`);

describe('isSerialisedPayload', () => {
  it('accepts what the app’s client sends', () => {
    expect(isSerialisedPayload(payload({ searchTerm: 'x', limit: 5, at: new Date() }))).toBe(true);
    expect(isSerialisedPayload(payload(undefined))).toBe(true);
  });

  it('refuses broken JSON, JSON of another shape and a payload that is not an object', () => {
    for (const text of [
      '{',
      '',
      'null',
      '[]',
      '"data"',
      '42',
      'true',
      '{}',
      '{"data":{}}',
      '{"t":{"t":999}}',
    ]) {
      expect(isSerialisedPayload(text), text).toBe(false);
    }
    expect(isSerialisedPayload(JSON.stringify(toJSON(42)))).toBe(false);
    expect(isSerialisedPayload(JSON.stringify(toJSON([1])))).toBe(false);
  });
});

describe('isReadableCall', () => {
  it('reads a GET’s payload query, absent or empty meaning no payload', async () => {
    expect(await isReadableCall(get())).toBe(true);
    expect(await isReadableCall(get(''))).toBe(true);
    expect(await isReadableCall(get(payload({ id: 'x' })))).toBe(true);
    expect(await isReadableCall(get('{'))).toBe(false);
  });

  it('reads a POST’s JSON body without consuming it, and ignores a body Start does not read', async () => {
    const request = post(payload({ name: 'x' }));
    expect(await isReadableCall(request)).toBe(true);
    expect(await request.text()).toBe(payload({ name: 'x' }));
    expect(await isReadableCall(post(''))).toBe(false);
    expect(await isReadableCall(post('null'))).toBe(false);
    expect(await isReadableCall(post('{', 'text/plain'))).toBe(true);
  });

  it('refuses a form that does not parse, and any form on a GET', async () => {
    const form = new FormData();
    form.set('name', 'x');
    expect(await isReadableCall(new Request(URL_BASE, { method: 'POST', body: form }))).toBe(true);
    expect(await isReadableCall(post('garbage', 'multipart/form-data; boundary=x'))).toBe(false);
    const formGet = new Request(URL_BASE, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(await isReadableCall(formGet)).toBe(false);
  });
});

describe('serverFnRefusal', () => {
  it('is what Start sends for a thrown error: the client rethrows the bare code', async () => {
    const response = serverFnRefusal('VALIDATION_ERROR', 400, { allow: 'GET' });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-tss-serialized')).toBe('true');
    expect(response.headers.get('allow')).toBe('GET');
    const text = await response.text();
    expect(text).toBe(
      '{"t":10,"i":0,"p":{"k":["error"],"v":[{"t":25,"i":1,"s":{"message":{"t":1,"s":"VALIDATION_ERROR"}},"c":"$TSR/Error"}]},"o":0}',
    );
    const decoded = fromCrossJSON(JSON.parse(text) as Parameters<typeof fromCrossJSON>[0], {
      refs: new Map(),
      plugins: defaultSerovalDeserializerPlugins,
    }) as { error: unknown };
    expect(errorCodeOf(decoded.error)).toEqual({ code: 'VALIDATION_ERROR' });
  });
});
