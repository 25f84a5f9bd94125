import '@tanstack/react-start/server-only';
import { definePlugin } from 'nitro';
import { EnvError } from '../lib/env-schema.ts';
import { closeDatabase } from './db/database.ts';
import { serverEnv } from './env.ts';
import { closeRedis } from './redis.ts';

/**
 * Runs once when the production server boots: a bad environment stops the start with one readable line
 * per variable, and the server's graceful shutdown (SIGTERM/SIGINT: stop accepting, drain in-flight
 * requests) ends by closing the database so the process can exit.
 */
export default definePlugin((nitroApp) => {
  try {
    serverEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  // srvx reads this when the server starts, right after plugins run: drain for up to 10 s.
  process.env.SERVER_SHUTDOWN_TIMEOUT ??= '10';
  nitroApp.hooks.hook('close', () => Promise.all([closeDatabase(), closeRedis()]).then(() => undefined));
});
