import '@tanstack/react-start/server-only';

/** What a request span is told when it starts; the rest is learnt from its answer. */
type RequestSpanStart = {
  method: string;
  /** The path without its query (the query may carry a code or a token). */
  path: string;
  /** 'serverFn' for a server-function call over HTTP, 'router' for pages and API routes. */
  handlerType: string;
  /** The caller's headers, for a `traceparent` from a proxy or another service. */
  headers: Headers;
};

/** What a request span is told when its answer is ready. */
type RequestSpanEnd = {
  status: number;
  /** The product's request id (`x-request-id`), as in the request's log line. */
  requestId?: string;
  /** The matched route's path template (`/app/repositories/$repositoryId`), when the router knows one. */
  route?: string;
  error?: unknown;
};

/**
 * The product's seams, as the tracing SDK implements them (src/server/tracing/sdk.ts). Each runs `fn`
 * inside a span that is the current one for everything `fn` starts, and ends it when `fn` settles.
 */
export type Tracing = {
  /** One request: `end` reads the answer (or the failure) for the span's status, id and route. */
  request<T>(
    start: RequestSpanStart,
    fn: () => Promise<T>,
    end: (result: T | undefined, error: unknown) => RequestSpanEnd,
  ): Promise<T>;
  /** One server function call, by its `file#export` id (src/server/policy/server-functions.ts). */
  serverFunction<T>(id: string, fn: () => Promise<T>): Promise<T>;
  /** One SQL statement: its text with `$n` placeholders, never the values. */
  statement<T>(text: string, fn: () => Promise<T>): Promise<T>;
  /** Ends the export: what is still buffered is sent, within the exporter's timeout. */
  shutdown(): Promise<void>;
};

type Holder = { tracing?: Tracing };

// On globalThis: the server plugin that starts the SDK and the app code whose seams use it are bundled
// apart, each with its own copy of this module.
const holder: Holder = ((globalThis as { __starterTracing?: Holder }).__starterTracing ??= {});

/**
 * The tracing SDK when `OTEL_EXPORTER_OTLP_ENDPOINT` started it, else undefined: a seam that finds none
 * runs its work as it would without tracing, and no OpenTelemetry SDK module is ever loaded.
 */
export function activeTracing(): Tracing | undefined {
  return holder.tracing;
}

export function setActiveTracing(tracing: Tracing | undefined): void {
  holder.tracing = tracing;
}
