import '@tanstack/react-start/server-only';
import {
  type Attributes,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  type TextMapGetter,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import {
  ATTR_CODE_FILE_PATH,
  ATTR_CODE_FUNCTION_NAME,
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_SYSTEM_NAME,
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVICE_NAME,
  ATTR_URL_PATH,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
} from '@opentelemetry/semantic-conventions';
import { appConfig } from '../../../app.config.ts';
import type { Tracing } from './active.ts';

// Loaded only by src/server/tracing/startup.ts, once OTEL_EXPORTER_OTLP_ENDPOINT (or the traces one) is
// set: this module is the only one that imports the SDK. Everything else the SDK reads from the standard
// variables itself: the endpoint and its headers, timeout and compression (the exporter), the sampler
// (OTEL_TRACES_SAMPLER and its argument), the batching (OTEL_BSP_*), OTEL_SERVICE_NAME and
// OTEL_RESOURCE_ATTRIBUTES (the resource).

const SCOPE = 'starter';

/** Longer statements are cut: a trace backend keeps the start, which says what the statement is. */
const MAX_STATEMENT = 4_096;

const FIRST_WORD = /^\s*([A-Za-z]+)/;

const headerGetter: TextMapGetter<Headers> = {
  keys: (headers) => [...headers.keys()],
  get: (headers, key) => headers.get(key) ?? undefined,
};

function recordFailure(span: Span, error: unknown): void {
  span.setAttribute(ATTR_ERROR_TYPE, error instanceof Error ? error.constructor.name : '_OTHER');
  if (error instanceof Error) span.recordException(error);
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}

/** Runs `fn` in `span` (already current), recording a failure, and ends the span when `fn` settles. */
async function within<T>(span: Span, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    recordFailure(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** The tracer provider, registered globally (so pg-boss's spans go to it too), and the product's seams. */
export function createTracing(): Tracing {
  // The product's name unless OTEL_SERVICE_NAME (or service.name in OTEL_RESOURCE_ATTRIBUTES) says another.
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: appConfig.name }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // The AsyncLocalStorage context manager (a span started in a request is the parent of those started
  // while answering it) and the W3C trace-context propagator (a proxy's `traceparent` is continued).
  provider.register();
  const tracer = trace.getTracer(SCOPE);

  return {
    request(start, fn, end) {
      const parent = propagation.extract(ROOT_CONTEXT, start.headers, headerGetter);
      const attributes: Attributes = {
        [ATTR_HTTP_REQUEST_METHOD]: start.method,
        'starter.handler_type': start.handlerType,
      };
      return tracer.startActiveSpan(
        start.method,
        { kind: SpanKind.SERVER, attributes },
        parent,
        async (span) => {
          let result: Awaited<ReturnType<typeof fn>> | undefined;
          let failure: unknown;
          try {
            result = await fn();
            return result;
          } catch (error) {
            failure = error;
            throw error;
          } finally {
            const answer = end(result, failure);
            span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, answer.status);
            if (answer.requestId) span.setAttribute('starter.request_id', answer.requestId);
            // The template, not the path: a path's ids can be secrets (an invitation's link is one), and the
            // log line with the same request id has the path. A path no route matched is kept: what was asked.
            if (answer.route) {
              span.setAttribute(ATTR_HTTP_ROUTE, answer.route);
              span.updateName(`${start.method} ${answer.route}`);
            } else span.setAttribute(ATTR_URL_PATH, start.path);
            if (answer.error !== undefined) recordFailure(span, answer.error);
            // A 4xx is the caller's mistake, not the server's (the semantic conventions for a server span).
            if (answer.status >= 500) {
              span.setAttribute(ATTR_ERROR_TYPE, String(answer.status));
              span.setStatus({ code: SpanStatusCode.ERROR });
            }
            span.end();
          }
        },
      );
    },

    serverFunction(id, fn) {
      const [file = id, name = ''] = id.split('#');
      const attributes: Attributes = {
        'starter.server_function': id,
        [ATTR_CODE_FILE_PATH]: file,
        [ATTR_CODE_FUNCTION_NAME]: name,
      };
      return tracer.startActiveSpan(id, { kind: SpanKind.INTERNAL, attributes }, (span) => within(span, fn));
    },

    statement(text, fn) {
      // Statements outside any span (migrations at start, pg-boss's upkeep on its own connections) would
      // each be a trace of their own: only the ones a request or a job runs are kept.
      if (!trace.getSpan(context.active())) return fn();
      const operation = FIRST_WORD.exec(text)?.[1]?.toUpperCase() ?? 'SQL';
      const attributes: Attributes = {
        [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
        // The name older backends group database spans by (semantic conventions before 1.26).
        'db.system': DB_SYSTEM_NAME_VALUE_POSTGRESQL,
        [ATTR_DB_OPERATION_NAME]: operation,
        [ATTR_DB_QUERY_TEXT]: text.length > MAX_STATEMENT ? text.slice(0, MAX_STATEMENT) : text,
      };
      return tracer.startActiveSpan(operation, { kind: SpanKind.CLIENT, attributes }, (span) =>
        within(span, fn),
      );
    },

    shutdown: () => provider.shutdown(),
  };
}
