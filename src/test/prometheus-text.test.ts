import { describe, expect, it } from 'vitest';
import { parsePrometheusText, sampleValue } from './prometheus-text';

// The tests' reader of the scrape must itself be right: a lenient one would pass a broken answer.

describe('parsePrometheusText', () => {
  it('reads families with their type, help, labels (escapes included), special values and timestamps', () => {
    const families = parsePrometheusText(
      [
        '# HELP starter_requests_total Requests \\\\ answered\\nby group.',
        '# TYPE starter_requests_total counter',
        'starter_requests_total{group="page",status="200"} 3',
        'starter_requests_total{group="a \\"quoted\\" \\\\ value\\n",status="500",} 1 1700000000000',
        '# TYPE starter_latency_seconds histogram',
        'starter_latency_seconds_bucket{le="0.1"} 1',
        'starter_latency_seconds_bucket{le="+Inf"} 2',
        'starter_latency_seconds_sum 0.35',
        'starter_latency_seconds_count 2',
        '# a comment',
        'starter_lag_seconds NaN',
        // prom-client writes NaN as `Nan`, which Prometheus reads (Go's ParseFloat ignores the case).
        'starter_lag_mean_seconds Nan',
        '',
      ].join('\n'),
    );
    expect(families.get('starter_requests_total')).toMatchObject({
      type: 'counter',
      help: 'Requests \\ answered\nby group.',
    });
    expect(sampleValue(families, 'starter_requests_total', { group: 'page' })).toBe(3);
    expect(sampleValue(families, 'starter_requests_total', { group: 'a "quoted" \\ value\n' })).toBe(1);
    const histogram = families.get('starter_latency_seconds');
    expect(histogram?.type).toBe('histogram');
    expect(histogram?.samples.map((s) => s.name)).toEqual([
      'starter_latency_seconds_bucket',
      'starter_latency_seconds_bucket',
      'starter_latency_seconds_sum',
      'starter_latency_seconds_count',
    ]);
    expect(sampleValue(families, 'starter_latency_seconds_bucket', { le: '+Inf' })).toBe(2);
    expect(families.get('starter_lag_seconds')?.type).toBe('untyped');
    expect(sampleValue(families, 'starter_lag_seconds')).toBeNaN();
    expect(sampleValue(families, 'starter_lag_mean_seconds')).toBeNaN();
  });

  it.each([
    ['a sample without a value', 'starter_x{a="1"}'],
    ['a value that is not a number', 'starter_x 12abc'],
    ['an unterminated label value', 'starter_x{a="1} 1'],
    ['a label without a quoted value', 'starter_x{a=1} 1'],
    ['a label given twice', 'starter_x{a="1",a="2"} 1'],
    ['a bad metric name', '1starter_x 1'],
    ['a bad timestamp', 'starter_x 1 soon'],
    ['an unknown type', '# TYPE starter_x countr'],
    ['a type after the samples', 'starter_x 1\n# TYPE starter_x gauge'],
  ])('refuses %s', (_what, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});
