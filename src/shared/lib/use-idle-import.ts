import { useEffect, useState } from 'react';
import { whenIdle } from './idle';

/**
 * A module loaded once the browser is idle after the screen has drawn (nothing while `wanted` is
 * false), for a part of a screen that can appear a moment later: its code stays out of the screen's
 * first load. Undefined until loaded; a failed download leaves it undefined.
 */
export function useIdleImport<T>(load: () => Promise<T>, wanted: boolean): T | undefined {
  const [loaded, setLoaded] = useState<{ module: T } | undefined>(undefined);
  useEffect(() => {
    if (!wanted) return undefined;
    let live = true;
    const cancel = whenIdle(() => {
      load().then(
        (module) => {
          if (live) setLoaded({ module });
        },
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
    // `load` is a module-level import function: loaded once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);
  return loaded?.module;
}
