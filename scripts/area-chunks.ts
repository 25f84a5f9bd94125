// The chunk of a module only the signed-in areas need (vite.config.ts, codeSplitting). Left to rolldown, the
// code an area layout shares with its pages comes in one chunk per set of importers: a dozen files of
// 0.2–1.7 kB gzip, each compressed alone (/app loaded 18). Grouped per area it compresses as one file. What
// the entry or a page outside the areas imports is left to rolldown, so /login never downloads these chunks;
// a part fetched on first use (the error page's user menu) may share them and loads them when it is fetched.
import type { Rolldown } from 'vite';

const AREA_ROUTE = /[\\/]src[\\/]routes[\\/](app|manager)[\\/]/;
const AREA_LAYOUT = /[\\/]src[\\/]routes[\\/](app|manager)[\\/]route\.tsx\?/;

/**
 * 'area-app', 'area-manager' or 'area' (both) for a module whose every chain of static importers starts at
 * an area's route and, for one of them at least, at an area layout (so every page of that area has it);
 * null for anything else, which rolldown splits as usual.
 */
export function areaChunk(id: string, ctx: Rolldown.ChunkingContext): string | null {
  // The route chunks themselves stay the dynamic entries they are.
  if (id.includes('?tsr-split')) return null;
  const areas = new Set<string>();
  let underLayout = false;
  const seen = new Set([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const info = ctx.getModuleInfo(next);
    if (!info) return null;
    if (info.importers.length === 0) {
      if (info.isEntry) return null;
      const area = AREA_ROUTE.exec(next)?.[1];
      if (area) {
        areas.add(area);
        if (AREA_LAYOUT.test(next)) underLayout = true;
      } else if (next.includes('?tsr-split')) return null;
    }
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  if (!underLayout) return null;
  return areas.size > 1 ? 'area' : `area-${[...areas].join('')}`;
}
