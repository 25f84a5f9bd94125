import { describe, expect, it } from 'vitest';
import { activeTracing } from './active.ts';
import { startTracing, tracingConfigured } from './startup.ts';

describe('tracingConfigured', () => {
  it('is on with an endpoint for every signal or for traces alone', () => {
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' })).toBe(true);
  });

  it('is off without one, with empty ones, and when the SDK is disabled', () => {
    expect(tracingConfigured({})).toBe(false);
    expect(
      tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '' }),
    ).toBe(false);
    expect(tracingConfigured({ OTEL_SERVICE_NAME: 'x', OTEL_TRACES_SAMPLER: 'always_on' })).toBe(false);
    expect(
      tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'TRUE' }),
    ).toBe(false);
  });
});

describe('startTracing', () => {
  it('without an endpoint adds no shutdown hook and starts nothing', () => {
    const hooks: string[] = [];
    startTracing({ hooks: { hook: (name) => hooks.push(name) } }, {});
    expect(hooks).toEqual([]);
    expect(activeTracing()).toBeUndefined();
  });
});
