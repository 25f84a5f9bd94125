// The floor the page-weight and SSR benchmarks compare the product against: a bare TanStack Start app
// with the product's own packages (the repository's node_modules) and one route rendering a heading.
// Built by bench/baseline/app.ts into bench/baseline/node_modules/.output: under node_modules, so git,
// eslint and prettier leave the generated server and assets alone without any configuration.
import { tanstackStart } from '@tanstack/react-start/plugin/vite';
import viteReact from '@vitejs/plugin-react';
import { nitro } from 'nitro/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    tanstackStart({ srcDirectory: 'src' }),
    nitro({ output: { dir: 'node_modules/.output' } }),
    viteReact(),
  ],
});
