import type { ReactNode } from 'react';
import { HydrationCheckpoint } from '@/lib/hydration-marker';

/**
 * What every layout route renders around its content (the sign-in screens, each area): the content, then
 * the hydration checkpoint, so the page is marked interactive only once the layout's listeners and
 * shortcuts are attached, and a new layout cannot leave the checkpoint out (e2e/hydration.spec.ts).
 */
export function LayoutFrame({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <HydrationCheckpoint />
    </>
  );
}
