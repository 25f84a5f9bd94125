import type { ReactNode } from 'react';
import { TopBar } from './top-bar';

/**
 * The frame of a create or edit page: the top bar with its back link (a phone's only way back), then the
 * form at a readable width.
 */
export function EditorPage({
  title,
  backTo,
  children,
}: {
  title: string;
  backTo: string;
  children: ReactNode;
}) {
  return (
    <main id="main" className="mx-auto flex w-full max-w-5xl flex-1 flex-col">
      <TopBar title={title} backTo={backTo} className="md:static md:border-b-0 md:bg-transparent" />
      <div className="w-full max-w-2xl px-4 py-6 sm:px-6">{children}</div>
    </main>
  );
}
