import { describe, expect, it } from 'vitest';
import { cronInWords } from './cron';

describe('a schedule in words', () => {
  it("reads the product's schedules", () => {
    expect(cronInWords('* * * * *')).toEqual({ kind: 'everyMinute' });
    expect(cronInWords('*/10 * * * *')).toEqual({ kind: 'everyMinutes', count: 10 });
    expect(cronInWords('17 3 * * *')).toEqual({ kind: 'dailyAt', hour: 3, minute: 17 });
    expect(cronInWords('5 * * * *')).toEqual({ kind: 'hourlyAt', minute: 5 });
    expect(cronInWords('*/1 * * * *')).toEqual({ kind: 'everyMinute' });
  });

  it('leaves any other shape to be shown as written', () => {
    for (const cron of [
      '0 3 * * 1',
      '0 0 1 * *',
      '*/0 * * * *',
      '*/75 * * * *',
      '0 24 * * *',
      '60 * * * *',
      '0,30 * * * *',
      '0 */2 * * *',
      '* * * *',
      'FREQ=DAILY',
      '',
    ]) {
      expect(cronInWords(cron), cron).toBeNull();
    }
  });
});
