import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { deliverWebhook, type DeliveryOptions, type ResolvedAddress } from './deliver.ts';
import { newWebhookSecret, signedHeaders } from './sign.ts';

type Received = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
type Receiver = { port: number; origin: string; received: Received[] };

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A real HTTP server on a loopback address, recording every request it gets. */
async function startReceiver(
  respond: (response: ServerResponse, request: Received) => void = (response) => response.end('thanks'),
  { host = '127.0.0.1', port = 0 }: { host?: string; port?: number } = {},
): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      received.push(entry);
      respond(response, entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  servers.push({
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  });
  const bound = (server.address() as AddressInfo).port;
  return { port: bound, origin: `http://${host}:${bound}`, received };
}

/** A resolver that knows only the given names, counting how often it is asked. */
function fakeLookup(answers: (hostname: string, call: number) => string) {
  let calls = 0;
  const lookup = (hostname: string): Promise<ResolvedAddress[]> => {
    calls += 1;
    return Promise.resolve([{ address: answers(hostname, calls), family: 4 }]);
  };
  return { lookup, calls: () => calls };
}

// 127.0.0.1 plays a public host where a test says so; every other loopback address (127.0.0.2) stays refused.
const PLAYS_PUBLIC: Pick<DeliveryOptions, 'allowPrivateAddresses' | 'isAllowed'> = {
  allowPrivateAddresses: false,
  isAllowed: (ip) => ip === '127.0.0.1',
};
const ALLOW_LOOPBACK = { allowPrivateAddresses: true, timeoutMs: 1000 };

function signedRequest(url: string, secret = newWebhookSecret()) {
  const body = JSON.stringify({ type: 'repository.created', data: { id: 'r1', name: 'Ada' } });
  const headers = signedHeaders(secret, { id: 'msg_1', timestamp: new Date(), body });
  return { secret, request: { url, body, headers } };
}

describe('deliverWebhook', () => {
  it('POSTs the signed JSON, which the receiver verifies, and a tampered body fails verification', async () => {
    const receiver = await startReceiver((response) => response.writeHead(204).end());
    const { secret, request } = signedRequest(`${receiver.origin}/hooks?source=starter`);

    const result = await deliverWebhook(request, ALLOW_LOOPBACK);

    expect(result).toMatchObject({ ok: true, status: 204, responseExcerpt: '' });
    expect(result.error).toBeUndefined();
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received as [Received];
    expect(got.method).toBe('POST');
    expect(got.path).toBe('/hooks?source=starter');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toBe('Starter-Webhooks/1');
    expect(got.body).toBe(request.body);
    const headers = got.headers as Record<string, string>;
    expect(new Webhook(secret).verify(got.body, headers)).toEqual(JSON.parse(request.body));
    expect(() => new Webhook(secret).verify(got.body.replace('Ada', 'Eve'), headers)).toThrow();
  });

  it('answers a 500 as not ok, with its status and the start of its body', async () => {
    const receiver = await startReceiver((response) => response.writeHead(500).end('database is down'));
    const result = await deliverWebhook(signedRequest(receiver.origin).request, ALLOW_LOOPBACK);
    expect(result).toMatchObject({ ok: false, status: 500, responseExcerpt: 'database is down' });
    expect(result.error).toBeUndefined();
  });

  it('keeps the first 1 000 characters of a long answer', async () => {
    const long = 'a'.repeat(600) + 'b'.repeat(600) + 'c'.repeat(100_000);
    const receiver = await startReceiver((response) => response.end(long));
    const result = await deliverWebhook(signedRequest(receiver.origin).request, ALLOW_LOOPBACK);
    expect(result.ok).toBe(true);
    expect(result.responseExcerpt).toBe('a'.repeat(600) + 'b'.repeat(400));
  });

  it('gives up on a receiver that does not answer within timeoutMs', async () => {
    // Never answers; the connection stays open until the test's cleanup closes it.
    const receiver = await startReceiver(() => {});
    const result = await deliverWebhook(signedRequest(receiver.origin).request, {
      allowPrivateAddresses: true,
      timeoutMs: 300,
    });
    expect(result).toMatchObject({ ok: false, status: null, error: 'timeout' });
    expect(result.durationMs).toBeGreaterThanOrEqual(250);
    expect(result.durationMs).toBeLessThan(1000);
    expect(receiver.received).toHaveLength(1);
  });

  it('bounds a hung DNS lookup by the same timeout', async () => {
    const result = await deliverWebhook(signedRequest('http://hangs.example/').request, {
      ...PLAYS_PUBLIC,
      timeoutMs: 200,
      lookup: () => new Promise(() => {}),
    });
    expect(result).toMatchObject({ ok: false, error: 'timeout' });
    expect(result.durationMs).toBeLessThan(1000);
  });

  it('refuses a loopback URL without sending anything when private addresses are not allowed', async () => {
    const receiver = await startReceiver();
    for (const url of [
      receiver.origin,
      `http://[::ffff:127.0.0.1]:${receiver.port}/`,
      `http://0x7f.1:${receiver.port}/`,
      `http://localhost:${receiver.port}/`,
    ]) {
      const result = await deliverWebhook(signedRequest(url).request, {
        allowPrivateAddresses: false,
        timeoutMs: 1000,
      });
      expect(result, url).toMatchObject({ ok: false, status: null, error: 'refused-address' });
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses a host when any of its addresses is not public', async () => {
    const receiver = await startReceiver();
    const result = await deliverWebhook(signedRequest(`http://mixed.example:${receiver.port}/`).request, {
      ...PLAYS_PUBLIC,
      timeoutMs: 1000,
      lookup: () =>
        Promise.resolve([
          { address: '127.0.0.1', family: 4 },
          { address: '10.0.0.1', family: 4 },
        ]),
    });
    expect(result.error).toBe('refused-address');
    expect(receiver.received).toHaveLength(0);
  });

  it('connects to the resolved address with the URL host in the Host header', async () => {
    const receiver = await startReceiver();
    const { lookup, calls } = fakeLookup((hostname) =>
      hostname === 'public.example' ? '127.0.0.1' : 'none',
    );
    const result = await deliverWebhook(signedRequest(`http://public.example:${receiver.port}/in`).request, {
      ...PLAYS_PUBLIC,
      timeoutMs: 1000,
      lookup,
    });
    expect(result).toMatchObject({ ok: true, status: 200, responseExcerpt: 'thanks' });
    expect(receiver.received[0]?.headers.host).toBe(`public.example:${receiver.port}`);
    expect(calls()).toBe(1);
  });

  it('follows redirects with the same POST and body (301, 302, 303, 307, 308), still verifiable', async () => {
    for (const code of [301, 302, 303, 307, 308]) {
      const final = await startReceiver((response) => response.writeHead(202).end('queued'));
      const first = await startReceiver((response) =>
        response.writeHead(code, { location: `http://public.example:${final.port}/moved` }).end('moved'),
      );
      const { secret, request } = signedRequest(`http://public.example:${first.port}/old`);
      const { lookup, calls } = fakeLookup(() => '127.0.0.1');

      const result = await deliverWebhook(request, { ...PLAYS_PUBLIC, timeoutMs: 1000, lookup });

      expect(result, String(code)).toMatchObject({ ok: true, status: 202, responseExcerpt: 'queued' });
      expect(first.received).toHaveLength(1);
      expect(final.received).toHaveLength(1);
      const [got] = final.received as [Received];
      expect(got.method).toBe('POST');
      expect(got.path).toBe('/moved');
      expect(new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).toBeTruthy();
      // Each hop resolved its host again.
      expect(calls()).toBe(2);
    }
  });

  it('resolves a relative Location against the hop that sent it', async () => {
    const receiver = await startReceiver((response, request) =>
      request.path === '/old' ? response.writeHead(308, { location: '/new' }).end() : response.end('here'),
    );
    const result = await deliverWebhook(signedRequest(`${receiver.origin}/old`).request, ALLOW_LOOPBACK);
    expect(result).toMatchObject({ ok: true, responseExcerpt: 'here' });
    expect(receiver.received.map((request) => request.path)).toEqual(['/old', '/new']);
  });

  it('refuses a redirect from an allowed host to a loopback address, which gets no request', async () => {
    const loopback = await startReceiver(undefined, { host: '127.0.0.2' });
    const allowed = await startReceiver((response) =>
      response.writeHead(302, { location: `${loopback.origin}/admin` }).end(),
    );
    const result = await deliverWebhook(signedRequest(`http://public.example:${allowed.port}/`).request, {
      ...PLAYS_PUBLIC,
      timeoutMs: 1000,
      lookup: fakeLookup(() => '127.0.0.1').lookup,
    });
    expect(result).toMatchObject({ ok: false, status: 302, error: 'refused-address' });
    expect(allowed.received).toHaveLength(1);
    expect(loopback.received).toHaveLength(0);
  });

  it('connects to the address it checked when the host rebinds to loopback after the check', async () => {
    // The same port on both addresses: a connection that looked the name up again would land on 127.0.0.2.
    const checked = await startReceiver((response) => response.end('checked'));
    const loopback = await startReceiver(undefined, { host: '127.0.0.2', port: checked.port });
    const { lookup, calls } = fakeLookup((_hostname, call) => (call === 1 ? '127.0.0.1' : '127.0.0.2'));

    const result = await deliverWebhook(signedRequest(`http://rebind.example:${checked.port}/`).request, {
      ...PLAYS_PUBLIC,
      timeoutMs: 1000,
      lookup,
    });

    expect(result).toMatchObject({ ok: true, responseExcerpt: 'checked' });
    expect(checked.received).toHaveLength(1);
    expect(loopback.received).toHaveLength(0);
    expect(calls()).toBe(1);
  });

  it('re-checks a rebinding host on the next hop of a redirect', async () => {
    const checked = await startReceiver((response) =>
      response.writeHead(307, { location: `http://rebind.example:${checked.port}/again` }).end(),
    );
    const loopback = await startReceiver(undefined, { host: '127.0.0.2', port: checked.port });
    const { lookup, calls } = fakeLookup((_hostname, call) => (call === 1 ? '127.0.0.1' : '127.0.0.2'));

    const result = await deliverWebhook(signedRequest(`http://rebind.example:${checked.port}/`).request, {
      ...PLAYS_PUBLIC,
      timeoutMs: 1000,
      lookup,
    });

    expect(result).toMatchObject({ ok: false, error: 'refused-address' });
    expect(checked.received).toHaveLength(1);
    expect(loopback.received).toHaveLength(0);
    expect(calls()).toBe(2);
  });

  it('stops after maxRedirects', async () => {
    const receiver = await startReceiver((response) => response.writeHead(302, { location: '/loop' }).end());
    const result = await deliverWebhook(signedRequest(receiver.origin).request, {
      ...ALLOW_LOOPBACK,
      maxRedirects: 2,
    });
    expect(result).toMatchObject({ ok: false, status: 302, error: 'too-many-redirects' });
    // The first request and two redirects followed.
    expect(receiver.received).toHaveLength(3);
  });

  it('follows three redirects by default, not four', async () => {
    const receiver = await startReceiver((response, request) => {
      const hop = Number(request.path.slice(1) || '0');
      if (hop < 3) response.writeHead(302, { location: `/${hop + 1}` }).end();
      else response.end(`arrived after ${hop}`);
    });
    expect(await deliverWebhook(signedRequest(receiver.origin).request, ALLOW_LOOPBACK)).toMatchObject({
      ok: true,
      responseExcerpt: 'arrived after 3',
    });
    const further = await deliverWebhook(signedRequest(`${receiver.origin}/-1`).request, ALLOW_LOOPBACK);
    expect(further.error).toBe('too-many-redirects');
  });

  it('answers bad-url for other schemes and unparsable URLs, also as a redirect target', async () => {
    for (const url of ['ftp://example.com/hook', 'file:///etc/passwd', 'not a url', 'http://']) {
      const result = await deliverWebhook(signedRequest(url).request, ALLOW_LOOPBACK);
      expect(result, url).toMatchObject({ ok: false, status: null, error: 'bad-url' });
    }
    const receiver = await startReceiver((response) =>
      response.writeHead(301, { location: 'ftp://example.com/hook' }).end(),
    );
    expect(await deliverWebhook(signedRequest(receiver.origin).request, ALLOW_LOOPBACK)).toMatchObject({
      ok: false,
      status: 301,
      error: 'bad-url',
    });
  });

  it('answers network for a closed port and a name that does not resolve', async () => {
    const closed = await startReceiver();
    servers.pop()?.close();
    expect(await deliverWebhook(signedRequest(closed.origin).request, ALLOW_LOOPBACK)).toMatchObject({
      ok: false,
      status: null,
      error: 'network',
    });
    const result = await deliverWebhook(signedRequest('http://nowhere.example/').request, {
      ...ALLOW_LOOPBACK,
      lookup: () => Promise.reject(new Error('getaddrinfo ENOTFOUND nowhere.example')),
    });
    expect(result).toMatchObject({ ok: false, error: 'network' });
  });
});
