import '@tanstack/react-start/server-only';
import { serverEnv } from '../../env.ts';
import { type DatabaseHandle, openDatabase } from '../client.ts';
import { productionRefusal, type SampleDataCommand } from './guard.ts';

/** Opens the configured database for a one-off command (the app must not hold a PGlite folder open). */
export async function openCliDatabase(): Promise<DatabaseHandle> {
  const env = serverEnv();
  const target = env.DATABASE_URL ? redactUrl(env.DATABASE_URL) : `PGlite at ${env.PGLITE_DIR}`;
  console.info(`[db] ${target}`);
  return openDatabase(
    env.DATABASE_URL
      ? { url: env.DATABASE_URL, poolMax: 4, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS }
      : { pgliteDir: env.PGLITE_DIR },
  );
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+)(:[^@/]*)?@/, '//$1:***@');
}

/**
 * Runs a command body with the database, closing it afterwards and turning failures into exit code 1.
 * A command that writes sample data or drops data names itself in `sampleData`: on a production database
 * it then needs `--force` (`productionRefusal`), and is refused before the database is opened.
 */
export async function runCli(
  body: (handle: DatabaseHandle) => Promise<void>,
  sampleData?: SampleDataCommand,
): Promise<void> {
  const refusal = sampleData && productionRefusal(sampleData, process.argv.slice(2), process.env);
  if (refusal) {
    console.error(refusal);
    process.exitCode = 1;
    return;
  }
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openCliDatabase();
    await body(handle);
  } catch (error) {
    // A one-line reason is what a person running a command needs; DEBUG=1 shows the whole error.
    console.error(process.env.DEBUG || !(error instanceof Error) ? error : `[db] ${error.message}`);
    process.exitCode = 1;
  } finally {
    await handle?.close();
  }
}
