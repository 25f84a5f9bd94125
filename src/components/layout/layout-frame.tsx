import { createContext, type ReactNode, useContext } from 'react';
import { HydrationCheckpoint } from '@/lib/hydration-marker';

const FramedContext = createContext(false);

/**
 * What every layout route renders around its content (the sign-in screens, each area): the content, then
 * the hydration checkpoint, so the page is marked interactive only once the layout's listeners and
 * shortcuts are attached, and a new layout cannot leave the checkpoint out (e2e/hydration.spec.ts).
 */
export function LayoutFrame({ children }: { children: ReactNode }) {
  return (
    <FramedContext value={true}>
      {children}
      <HydrationCheckpoint />
    </FramedContext>
  );
}

/**
 * True inside a layout (an area or the sign-in screens), which already shows a header: an error page
 * rendered there (a failed loader, an unknown id) must not bring a second one.
 */
export function useInLayoutFrame(): boolean {
  return useContext(FramedContext);
}
