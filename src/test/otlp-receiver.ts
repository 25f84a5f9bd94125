// A real OTLP/HTTP trace receiver on loopback, as a collector would be: POST /v1/traces with the JSON
// encoding (what @opentelemetry/exporter-trace-otlp-http sends), answered with the protocol's empty
// success. Keeps every span, flattened, for tests that read what a server exported.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

type AnyValue = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
};
type KeyValue = { key: string; value?: AnyValue };
type Attribute = string | number | boolean | Attribute[] | undefined;

/** One span as received, with its resource's and scope's names beside it. */
export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  /** Empty for a trace's root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind number: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, Attribute>;
  startNs: bigint;
  endNs: bigint;
  /** 0 unset, 1 ok, 2 error. */
  statusCode: number;
  scope: string;
  serviceName: string;
};

export type OtlpReceiver = {
  /** The base endpoint, for OTEL_EXPORTER_OTLP_ENDPOINT (the exporter adds /v1/traces). */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Every POST it answered, whatever its path, so a test can say nothing was sent. */
  requests: { path: string; contentType: string }[];
  close: () => Promise<void>;
};

function attributeValue(value: AnyValue | undefined): Attribute {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(attributeValue);
  return undefined;
}

function attributes(list: KeyValue[] | undefined): Record<string, Attribute> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, attributeValue(value)]));
}

type ExportRequest = {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      scope?: { name?: string };
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind?: number;
        startTimeUnixNano: string | number;
        endTimeUnixNano: string | number;
        attributes?: KeyValue[];
        status?: { code?: number };
      }[];
    }[];
  }[];
};

/** The spans of one OTLP/JSON export request, flattened. */
function spansOf(body: ExportRequest): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resourceSpans) => {
    const serviceName = String(attributes(resourceSpans.resource?.attributes)['service.name'] ?? '');
    return (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans) =>
      (scopeSpans.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        kind: span.kind ?? 0,
        attributes: attributes(span.attributes),
        startNs: BigInt(span.startTimeUnixNano),
        endNs: BigInt(span.endTimeUnixNano),
        statusCode: span.status?.code ?? 0,
        scope: scopeSpans.scope?.name ?? '',
        serviceName,
      })),
    );
  });
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const requests: OtlpReceiver['requests'] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://receiver').pathname;
      const contentType = request.headers['content-type'] ?? '';
      if (request.method !== 'POST') {
        response.writeHead(405).end();
        return;
      }
      requests.push({ path, contentType });
      const text = await bodyOf(request);
      if (path !== '/v1/traces' || !contentType.startsWith('application/json')) {
        // A protobuf export (or another signal) is not this receiver's: the test then fails on its spans.
        response.writeHead(415).end();
        return;
      }
      spans.push(...spansOf(JSON.parse(text) as ExportRequest));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    })().catch(() => response.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
