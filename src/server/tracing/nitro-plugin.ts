import '@tanstack/react-start/server-only';
import { definePlugin } from 'nitro';
import { startTracing } from './startup.ts';

/**
 * The production server's tracing (docs/decisions/040-tracing.md): started at boot when an OTLP endpoint
 * is set, flushed at shutdown. Listed after src/server/nitro-plugin.ts (vite.config.ts), so its close
 * hook runs after that one's: the spans of the job queue's last jobs are sent too.
 */
export default definePlugin((nitroApp) => {
  startTracing(nitroApp);
});
