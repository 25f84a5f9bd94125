import '@tanstack/react-start/server-only';
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress } from './address-guard.ts';

export type WebhookRequest = {
  url: string;
  /** The JSON text, sent as it is (the signature in `headers` covers these exact bytes). */
  body: string;
  /** The signed headers (`signedHeaders`) and any others the endpoint asks for. */
  headers: Record<string, string>;
};

export type ResolvedAddress = { address: string; family: 4 | 6 };

export type DeliveryOptions = {
  /** The bound on the whole attempt: every hop's DNS lookup, connection, request and response. */
  timeoutMs: number;
  /** Lets a webhook reach loopback and private networks: development and self-hosting on one network only. */
  allowPrivateAddresses: boolean;
  maxRedirects?: number;
  /** Answers every address of a host name; the system resolver unless a test passes its own. */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
  /**
   * Replaces `isPublicAddress` when `allowPrivateAddresses` is false. For tests only: it lets one loopback
   * address play a public host while another stays refused.
   */
  isAllowed?: (ip: string) => boolean;
};

type DeliveryError = 'timeout' | 'refused-address' | 'network' | 'too-many-redirects' | 'bad-url';

export type DeliveryResult = {
  /** A 2xx answer from the last hop. */
  ok: boolean;
  /** The last HTTP status received (a redirect's when a later hop failed); null when no answer came. */
  status: number | null;
  durationMs: number;
  /** The start of the answer's body as text, for the endpoint's delivery log. */
  responseExcerpt: string;
  error?: DeliveryError;
};

const WEBHOOK_USER_AGENT = 'Starter-Webhooks/1';
const DEFAULT_MAX_REDIRECTS = 3;
const EXCERPT_CHARACTERS = 1000;
/** Enough bytes for the excerpt; the rest of a large answer is never read. */
const EXCERPT_BYTES = 4096;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A failure the far side (or its URL) caused, turned into the result's `error`. */
class DeliveryFailure extends Error {
  constructor(readonly code: DeliveryError) {
    super(code);
    this.name = 'DeliveryFailure';
  }
}

type HopAnswer = { status: number; location: string | undefined; excerpt: string };

/**
 * POSTs one webhook and answers what happened; it never throws for anything the receiver or its network
 * does. Each hop's host is resolved once, every address checked (unless `allowPrivateAddresses`), and the
 * connection made to the checked address itself, so a DNS answer that changes between the check and the
 * connection (rebinding) cannot send the request into the private network.
 */
export async function deliverWebhook(
  request: WebhookRequest,
  options: DeliveryOptions,
): Promise<DeliveryResult> {
  const started = performance.now();
  const signal = AbortSignal.timeout(options.timeoutMs);
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const lookup = options.lookup ?? defaultLookup;
  const allowed = options.allowPrivateAddresses ? () => true : (options.isAllowed ?? isPublicAddress);
  const headers = {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    ...Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
    ),
  };
  let status: number | null = null;
  const answer = (fields: { error?: DeliveryError; excerpt?: string }): DeliveryResult => ({
    ok: !fields.error && status !== null && status >= 200 && status < 300,
    status,
    durationMs: Math.round(performance.now() - started),
    responseExcerpt: fields.excerpt ?? '',
    ...(fields.error ? { error: fields.error } : {}),
  });

  let url = request.url;
  for (let redirects = 0; ; redirects++) {
    try {
      const target = parseTarget(url);
      const addresses = await resolve(target.hostname, lookup, signal);
      if (!addresses.every(({ address }) => allowed(address))) throw new DeliveryFailure('refused-address');
      const hop = await send(target.url, addresses[0]!, request.body, headers, signal);
      status = hop.status;
      if (!REDIRECTS.has(hop.status) || hop.location === undefined) return answer({ excerpt: hop.excerpt });
      if (redirects >= maxRedirects) return answer({ error: 'too-many-redirects' });
      // A relative Location is resolved against the hop that sent it; a malformed one is the next hop's bad URL.
      url = URL.canParse(hop.location, target.url) ? new URL(hop.location, target.url).href : hop.location;
      // 301/302/303 are followed with the same POST and body, not turned into a GET as browsers do: the
      // receiver moved its endpoint, and a GET without the event would deliver nothing. The headers go
      // along too (the signature only vouches for this body, it is no credential for another host).
    } catch (error) {
      if (error instanceof DeliveryFailure) return answer({ error: error.code });
      return answer({ error: signal.aborted ? 'timeout' : 'network' });
    }
  }
}

async function defaultLookup(hostname: string): Promise<ResolvedAddress[]> {
  const addresses = await dnsLookup(hostname, { all: true });
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

/** The URL of one hop, if it is an http(s) one; its host name without the brackets of an IPv6 literal. */
function parseTarget(text: string): { url: URL; hostname: string } {
  if (!URL.canParse(text)) throw new DeliveryFailure('bad-url');
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DeliveryFailure('bad-url');
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!hostname) throw new DeliveryFailure('bad-url');
  return { url, hostname };
}

/** Every address of the hop's host (a literal IP is its own answer); looked up once, within the time bound. */
async function resolve(
  hostname: string,
  lookup: (hostname: string) => Promise<ResolvedAddress[]>,
  signal: AbortSignal,
): Promise<ResolvedAddress[]> {
  const family = isIP(hostname);
  if (family === 4 || family === 6) return [{ address: hostname, family }];
  const addresses = await abortable(lookup(hostname), signal);
  if (addresses.length === 0) throw new DeliveryFailure('network');
  return addresses;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolvePromise, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolvePromise, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * One POST to `address`, the address that was checked: the socket goes there, never through another DNS
 * lookup, while the Host header and the TLS server name (SNI and the certificate check) stay the URL's host.
 */
function send(
  url: URL,
  address: ResolvedAddress,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<HopAnswer> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const secure = url.protocol === 'https:';
  return new Promise<HopAnswer>((resolvePromise, reject) => {
    const outgoing = (secure ? httpsRequest : httpRequest)(
      {
        host: address.address,
        family: address.family,
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...headers, host: url.host, 'content-length': String(Buffer.byteLength(body)) },
        // A literal IP is checked against the certificate as it is; SNI carries names only.
        ...(secure && !isIP(hostname) ? { servername: hostname } : {}),
        // A connection of its own each time: a pooled socket would be keyed by the address, not the check.
        agent: false,
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECTS.has(status) && location !== undefined) {
          response.destroy();
          resolvePromise({ status, location, excerpt: '' });
          return;
        }
        readExcerpt(response).then((excerpt) => resolvePromise({ status, location, excerpt }), reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The first characters of the answer, reading at most EXCERPT_BYTES and then closing the connection. */
function readExcerpt(response: IncomingMessage): Promise<string> {
  return new Promise<string>((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const text = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, EXCERPT_BYTES));
      resolvePromise([...text].slice(0, EXCERPT_CHARACTERS).join(''));
    };
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= EXCERPT_BYTES) {
        finish();
        response.destroy();
      }
    });
    response.on('end', finish);
    response.on('error', (error) => {
      if (!done) reject(error);
    });
    // A receiver that closes without an error after its status line still answered what it read so far.
    response.on('close', finish);
  });
}
