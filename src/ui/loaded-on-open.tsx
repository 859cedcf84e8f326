import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A part whose code is fetched the first time it opens (decision 073): until then it renders nothing, so a page
 * that may never open it (the till's confirmation, the phone's side panel) does not carry it in its first load.
 * Once opened it stays mounted, so closing animates and returns the focus as before.
 */
export function loadedOnOpen<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  return function LoadedOnOpen(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}
