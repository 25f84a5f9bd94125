// The floor the page-weight and SSR benchmarks compare the product against: a bare TanStack Start app
// with the product's own packages (the repository's node_modules): `/` renders a heading (the floor of page
// weight and of rendering), `/repositories` the product's first 20 repositories for a signed session (the
// data floor: bench/baseline/src/data/repositories.ts).
// Built by bench/baseline/app.ts into bench/baseline/node_modules/.output: under node_modules, so git,
// eslint and prettier leave the generated server and assets alone without any configuration.
import { tanstackStart } from '@tanstack/react-start/plugin/vite';
import viteReact from '@vitejs/plugin-react';
import { nitro } from 'nitro/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    tanstackStart({
      srcDirectory: 'src',
      // The data page's loader (its server-function client) stays out of the entry, as the product's area
      // loaders do: the page-weight floor is the bare page's download.
      router: { codeSplittingOptions: { defaultBehavior: [['loader'], ['component']] } },
    }),
    nitro({ output: { dir: 'node_modules/.output' } }),
    viteReact(),
  ],
});
