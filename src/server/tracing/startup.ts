import '@tanstack/react-start/server-only';
import { logger, serializeError } from '../logger.ts';
import { activeTracing, setActiveTracing } from './active.ts';

type Env = Record<string, string | undefined>;

/**
 * Tracing is on where an OTLP endpoint is given, for all signals or for traces alone, the standard way
 * (`OTEL_SDK_DISABLED=true` turns it off again). The SDK reads every other `OTEL_*` variable itself.
 */
export function tracingConfigured(env: Env = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/** Where the spans go, as far as a log line may say: the origin, never a path's or userinfo's secrets. */
function shownEndpoint(env: Env): string | undefined {
  const raw = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  try {
    return raw ? new URL(raw).origin : undefined;
  } catch {
    return undefined;
  }
}

type ClosingApp = { hooks: { hook: (name: 'close', fn: () => Promise<void>) => unknown } };

/**
 * Called by the server plugin at boot. Without an endpoint it does nothing else: the SDK is imported
 * only behind this check, so a server without tracing never loads it. With one, the SDK starts in the
 * background (requests before it is loaded, a few tens of milliseconds, go untraced) and the server's
 * shutdown sends what it still holds: this hook is added last, so the job queue's last spans are in it.
 */
export function startTracing(app: ClosingApp, env: Env = process.env): void {
  if (!tracingConfigured(env)) return;
  const started = import('./sdk.ts')
    .then(({ createTracing }) => {
      setActiveTracing(createTracing());
      logger.info({ endpoint: shownEndpoint(env) }, 'tracing on: spans exported over OTLP/HTTP');
    })
    .catch((error: unknown) => logger.warn({ err: serializeError(error) }, 'tracing not started'));
  app.hooks.hook('close', async () => {
    await started;
    const tracing = activeTracing();
    setActiveTracing(undefined);
    await tracing
      ?.shutdown()
      .catch((error: unknown) =>
        logger.warn({ err: serializeError(error) }, 'spans not all sent at shutdown'),
      );
  });
}
