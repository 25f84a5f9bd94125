import { describe, expect, it } from 'vitest';
import { isServerFnRefusedInDemo } from './policy';

const call = (method: string, name = '$renameSomething', filename = 'src/features/x/functions.ts') => ({
  method,
  name,
  filename,
});

describe('demo rule for server functions', () => {
  it('lets reads (GET) through', () => {
    expect(isServerFnRefusedInDemo(call('GET'))).toBe(false);
  });

  it('refuses POST, and any method that is not GET', () => {
    expect(isServerFnRefusedInDemo(call('POST'))).toBe(true);
    expect(isServerFnRefusedInDemo(call('post'))).toBe(true);
    expect(isServerFnRefusedInDemo(call('PUT'))).toBe(true);
  });

  it('lets an allowlisted POST through, matched on both file and name', () => {
    const writable = [{ filename: 'src/features/x/functions.ts', name: '$setCookie', why: 'cookie only' }];
    expect(isServerFnRefusedInDemo(call('POST', '$setCookie'), writable)).toBe(false);
    expect(isServerFnRefusedInDemo(call('POST', '$setCookie', 'src/features/y/functions.ts'), writable)).toBe(
      true,
    );
    expect(isServerFnRefusedInDemo(call('POST', '$setCookieToo'), writable)).toBe(true);
  });
});
