// areaChunk on a small module graph shaped like the app's: which modules join an area's chunk.
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { areaChunk } from './area-chunks.ts';

const entry = '/p/node_modules/@tanstack/react-start/client.tsx';
const appLayout = '/p/src/routes/app/route.tsx?tsr-split=component';
const managerLayout = '/p/src/routes/manager/route.tsx?tsr-split=component';
const appPage = '/p/src/routes/app/repositories/index.tsx?tsr-split=component';
const loginPage = '/p/src/routes/login/index.tsx?tsr-split=component';
/** Fetched on first use (a dynamic import), from outside the areas too. */
const lazyPart = '/p/src/features/auth/components/switch-account.tsx';

/** Each module's static importers. */
const importers: Record<string, string[]> = {
  [entry]: [],
  [appLayout]: [],
  [managerLayout]: [],
  [appPage]: [],
  [loginPage]: [],
  [lazyPart]: [],
  userMenu: [appLayout, managerLayout],
  appNav: [appLayout],
  sidebar: [managerLayout],
  avatar: ['userMenu', lazyPart],
  translateError: ['userMenu', loginPage],
  button: [entry, 'userMenu'],
  dataTable: [appPage],
  rowMenu: ['dataTable', 'userMenu'],
};

const ctx = {
  getModuleInfo: (id: string) =>
    id in importers ? { id, importers: importers[id], isEntry: id === entry } : null,
} as unknown as Rolldown.ChunkingContext;

describe('areaChunk', () => {
  it('groups what only the areas need: per area, or one chunk for both', () => {
    expect(areaChunk('appNav', ctx)).toBe('area-app');
    expect(areaChunk('sidebar', ctx)).toBe('area-manager');
    expect(areaChunk('userMenu', ctx)).toBe('area');
    // A page of an area always comes with its layout.
    expect(areaChunk('rowMenu', ctx)).toBe('area');
  });

  it('lets a part fetched on first use share it', () => {
    expect(areaChunk('avatar', ctx)).toBe('area');
  });

  it('leaves to rolldown what a sign-in page or the entry needs, one page alone, and the route chunks', () => {
    expect(areaChunk('translateError', ctx)).toBeNull();
    expect(areaChunk('button', ctx)).toBeNull();
    expect(areaChunk('dataTable', ctx)).toBeNull();
    expect(areaChunk(appLayout, ctx)).toBeNull();
    expect(areaChunk('unknown', ctx)).toBeNull();
  });
});
