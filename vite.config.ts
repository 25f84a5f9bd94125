import tailwindcss from '@tailwindcss/vite';
import { tanstackStart } from '@tanstack/react-start/plugin/vite';
import viteReact from '@vitejs/plugin-react';
import { nitro } from 'nitro/vite';
import { defineConfig } from 'vite';
import { areaChunk } from './scripts/area-chunks.ts';
import { serverFnId } from './scripts/server-fn-id.ts';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  server: {
    port: 3000,
    // Server environments too (Vite's default is the browser's only): the dev server transforms a module's
    // imports as soon as it has transformed the module, instead of one at a time as the server-side runner
    // asks for them, so `pnpm dev`'s first server render waits less (docs/decisions/038-dev-loop.md).
    preTransformRequests: true,
  },
  environments: {
    // The server bundle inlines better-auth with its core; the passkey plugin must share that copy (its
    // `instanceof APIError` checks would not know the core's errors otherwise: docs/decisions/026).
    ssr: { resolve: { noExternal: ['@better-auth/passkey'] } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Everything the client entry imports statically (framework, root route, route definitions) is
            // downloaded by every first visit anyway: in one chunk it compresses better than in the ~20 shared
            // chunks the automatic splitting makes of it. Route components stay in their own chunks.
            codeSplitting: {
              groups: [
                { name: 'initial', tags: ['$initial'] },
                // What only the signed-in areas need, one chunk per area (scripts/area-chunks.ts). Not their
                // dependencies as such: translateError, say, is /login's too, and would bring it the chunk.
                { name: areaChunk, debugName: 'area', includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    tailwindcss(),
    tanstackStart({
      router: {
        codeSplittingOptions: {
          // The areas' loaders (their queries, server-function stubs, mutations) are not in every first
          // download: /login needs none of them. A server-rendered area page lists its loader's chunk among
          // its preloads; a navigation fetches it with the route, or on a link's hover or focus.
          splitBehavior: ({ routeId }: { routeId: string }) =>
            /^\/(app|manager)(\/|$)/.test(routeId)
              ? [['component'], ['loader'], ['errorComponent'], ['notFoundComponent']]
              : undefined,
        },
      },
      // A server-only module reaching the client bundle is a build error, not a silent leak.
      importProtection: {
        behavior: 'error',
        client: { files: ['**/*.server.*', '**/src/server/**'] },
      },
      // Start's default hash with a project-relative path, so tests can compute every function's URL.
      serverFns: { generateFunctionId: ({ filename, functionName }) => serverFnId(filename, functionName) },
      // The stylesheet (about 7 KB compressed) goes into each page's <head> instead of a render-blocking
      // request: the first paint waits for one round trip fewer, which on a mobile link is the largest wait.
      server: { build: { inlineCss: true } },
    }),
    nitro({
      // PGlite loads its wasm and data files at run time; without tracing they are missing from .output.
      traceDeps: ['@electric-sql/pglite'],
      // The tracing plugin after the main one: its shutdown flushes the spans of everything stopped before it.
      plugins: ['./src/server/nitro-plugin.ts', './src/server/tracing/nitro-plugin.ts'],
      // Static files are compressed once at build time (.br, .gz next to each) and served by the client's
      // Accept-Encoding: a first visit downloads about a third of the JS and CSS bytes, with no CPU per request.
      compressPublicAssets: { gzip: true, brotli: true },
    }),
    viteReact(),
  ],
});
