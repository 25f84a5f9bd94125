import { context, propagation, trace } from '@opentelemetry/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installQueryTiming } from '@/server/db/timing';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { type OtlpReceiver, startOtlpReceiver } from '@/test/otlp-receiver';
import { activeTracing, setActiveTracing, type Tracing } from './active.ts';
import { createTracing } from './sdk.ts';

// The SDK's side of the seams on a real database and a real OTLP/HTTP receiver; the production server's
// whole path (middleware, bundle, pg-boss, the SDK never loaded without the variable) is e2e/tracing.spec.ts.

let receiver: OtlpReceiver;
let testDb: TestDatabase;
let tracing: Tracing;
const savedEndpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;

beforeAll(async () => {
  [receiver, testDb] = await Promise.all([startOtlpReceiver(), createTestDatabase()]);
  installQueryTiming();
  // The exporter reads the standard variable when it is made, as in the server.
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.endpoint;
  tracing = createTracing();
  setActiveTracing(tracing);
});

afterAll(async () => {
  // The SDK is global to the worker, which runs other files after this one: every part of it undone.
  setActiveTracing(undefined);
  await tracing?.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
  if (savedEndpoint === undefined) delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  else process.env.OTEL_EXPORTER_OTLP_ENDPOINT = savedEndpoint;
  await Promise.all([receiver?.close(), testDb?.cleanup()]);
});

describe('tracing the seams', () => {
  it('a request, a server function and its statements: one trace, chained, sent by the shutdown', async () => {
    const db = testDb.handle.db;
    const secret = `value-${Date.now()}`;
    const answered = await tracing.request(
      { method: 'POST', path: '/_serverFn/abc', handlerType: 'serverFn', headers: new Headers() },
      () =>
        tracing.serverFunction('src/features/thing/functions.ts#$doThing', async () => {
          await db.execute(sql`select ${secret}::text as echoed`);
          await db.transaction(async (tx) => tx.execute(sql`select 1 as one`));
          await expect(db.execute(sql`select * from no_such_table`)).rejects.toThrow();
          return { status: 201 };
        }),
      (result) => ({ status: result?.status ?? 500, requestId: 'req-1', route: '/_serverFn/$id' }),
    );
    expect(answered.status).toBe(201);
    // Outside any span: no trace of its own.
    await db.execute(sql`select 'untraced' as outside`);

    await tracing.shutdown();
    setActiveTracing(undefined);

    const spans = receiver.spans;
    const request = spans.find((s) => s.name === 'POST /_serverFn/$id');
    const call = spans.find((s) => s.name === 'src/features/thing/functions.ts#$doThing');
    expect(request?.attributes).toMatchObject({
      'http.route': '/_serverFn/$id',
      'http.response.status_code': 201,
      'starter.request_id': 'req-1',
    });
    expect(request?.parentSpanId).toBe('');
    expect(call?.parentSpanId).toBe(request?.spanId);
    expect(call?.traceId).toBe(request?.traceId);

    const statements = spans.filter((s) => s.attributes['db.system.name'] === 'postgresql');
    const texts = statements.map((s) => String(s.attributes['db.query.text']));
    expect(texts).toContain('select $1::text as echoed');
    expect(texts).toContain('select 1 as one');
    expect(texts.some((text) => text.includes('untraced'))).toBe(false);
    expect(texts.join('\n')).not.toContain(secret);
    for (const statement of statements) {
      expect(statement.traceId).toBe(request?.traceId);
      expect(statement.parentSpanId).toBe(call?.spanId);
      expect(statement).toMatchObject({ name: 'SELECT', kind: 3 });
      expect(statement.attributes['db.system']).toBe('postgresql');
    }
    const failed = statements.find((s) => String(s.attributes['db.query.text']).includes('no_such_table'));
    expect(failed?.statusCode).toBe(2);
    expect(activeTracing()).toBeUndefined();
  });
});
