import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { CheckpointPlaceholder, settleCheckpoint, stopWaitingForCheckpoints } from './hydration-marker';
import { lazyImport } from './lazy-import';

/**
 * A part of the page that most visits never show, its code fetched when it is first rendered (it brings
 * its own <Suspense>, empty while loading). When the server rendered it, the hydration marker waits until
 * it has hydrated.
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const start = lazyImport(() =>
    load().then(
      (Part) => {
        function Settled(props: Props) {
          useEffect(settleCheckpoint, []);
          return <Part {...props} />;
        }
        return { default: Settled };
      },
      (error: unknown) => {
        // Offline, say: the error goes to the nearest error boundary, and the page is as interactive as
        // it will get.
        stopWaitingForCheckpoints();
        throw error;
      },
    ),
  );
  const Lazy = lazy(start);

  return function LazyPart(props: Props) {
    return (
      <>
        <CheckpointPlaceholder />
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </>
    );
  };
}
