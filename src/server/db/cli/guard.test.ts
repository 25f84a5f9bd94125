import { describe, expect, it } from 'vitest';
import { productionRefusal } from './guard.ts';

const seed = { command: 'db:seed', effect: 'adds the sample accounts and repositories' };

describe('productionRefusal', () => {
  it('refuses on a production database (NODE_ENV=production) without --force, saying why and how', () => {
    const message = productionRefusal(seed, [], { NODE_ENV: 'production' });
    expect(message).toBe(
      '[db] refused: NODE_ENV=production marks this as a production database, and db:seed adds the sample ' +
        'accounts and repositories. Run `pnpm db:seed --force` to do it anyway.',
    );
    expect(message).not.toContain('\n');
  });

  it('runs with --force, also after the `--` pnpm may pass through', () => {
    expect(productionRefusal(seed, ['--force'], { NODE_ENV: 'production' })).toBeNull();
    expect(productionRefusal(seed, ['--', '--force'], { NODE_ENV: 'production' })).toBeNull();
  });

  it('runs anywhere else without asking', () => {
    for (const NODE_ENV of [undefined, '', 'development', 'test']) {
      expect(productionRefusal(seed, [], { NODE_ENV }), String(NODE_ENV)).toBeNull();
    }
  });

  it('does not take a look-alike for --force', () => {
    for (const argv of [['--forced'], ['-f'], ['force'], ['--force=false']]) {
      expect(productionRefusal(seed, argv, { NODE_ENV: 'production' }), argv.join(' ')).not.toBeNull();
    }
  });
});
