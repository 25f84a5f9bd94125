import { EnvError } from '@/lib/env-schema';

/** The EnvError `parse` throws; fails the test when it throws nothing or something else. */
export function envErrorOf(parse: () => unknown): EnvError {
  try {
    parse();
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error('expected an EnvError');
}
