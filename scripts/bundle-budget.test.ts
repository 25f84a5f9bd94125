import { describe, expect, it } from 'vitest';
import { type Budget, chunkName, type Manifest, overruns, pageFiles, weigh } from './bundle-budget.ts';

const manifest: Manifest = {
  routes: {
    __root__: { children: ['/app', '/login', '/api/health'], preloads: ['/assets/index-AAAAAAAA.js'] },
    '/app': { children: ['/app/', '/app/list'], preloads: ['/assets/area-BBBBBBBB.js', '/assets/x.css'] },
    '/app/': { preloads: ['/assets/home-CCCCCCCC.js', '/assets/area-BBBBBBBB.js'] },
    '/app/list': { preloads: ['/assets/route-DDDDDDDD.js', '/assets/route-EEEEEEEE.js'] },
    '/login': { preloads: ['/assets/login-FFFFFFFF.js'] },
    '/api/health': {},
  },
};

describe('pageFiles', () => {
  it("lists each page's own and ancestors' JS once, without layouts, API routes or CSS", () => {
    expect(pageFiles(manifest)).toEqual({
      '/app/': ['/assets/home-CCCCCCCC.js', '/assets/area-BBBBBBBB.js', '/assets/index-AAAAAAAA.js'],
      '/app/list': [
        '/assets/route-DDDDDDDD.js',
        '/assets/route-EEEEEEEE.js',
        '/assets/area-BBBBBBBB.js',
        '/assets/index-AAAAAAAA.js',
      ],
      '/login': ['/assets/login-FFFFFFFF.js', '/assets/index-AAAAAAAA.js'],
    });
  });
});

describe('weigh and overruns', () => {
  const size = (file: string) =>
    ({ index: 100_000, area: 4_000, route: 1_000, home: 500 })[chunkName(file).slice(0, -3)] ?? 0;

  it('names chunks without their hash and adds chunks of the same name', () => {
    expect(chunkName('/assets/index-BWr1Hi0X.js')).toBe('index.js');
    expect(chunkName('/assets/use-add-passkey-Bq11MWd5.js')).toBe('use-add-passkey.js');
    expect(weigh(pageFiles(manifest)['/app/list'] ?? [], size)).toEqual({
      total: 106_000,
      chunks: { 'route.js': 2_000, 'area.js': 4_000, 'index.js': 100_000 },
    });
  });

  it('reports a page more than the slack over its budget, with the chunks that grew', () => {
    const budget: Budget = {
      '/login': { total: 101_000, chunks: { 'index.js': 100_000, 'login.js': 1_000 } },
    };
    const within: Budget = {
      '/login': { total: 106_000, chunks: { 'index.js': 105_000, 'login.js': 1_000 } },
    };
    expect(overruns(budget, within)).toEqual([]);
    const over: Budget = {
      '/login': { total: 107_500, chunks: { 'index.js': 104_000, 'login.js': 900, 'passkey.js': 2_600 } },
    };
    expect(overruns(budget, over)).toEqual([
      {
        page: '/login',
        grew: 6_500,
        chunks: [
          { name: 'index.js', grew: 4_000 },
          { name: 'passkey.js', grew: 2_600 },
        ],
      },
    ]);
  });
});
