import { lazy, useState, type ComponentType } from "react";
import { onRetryOfFailedLoad } from "../lib/stale-build";

export interface LazyPage {
  (): React.JSX.Element;
  /** Starts loading the module (once); resolves when the page can render without suspending. */
  preload: () => Promise<unknown>;
}

/**
 * A route screen in its own chunk. Like `React.lazy`, but a page whose module has already arrived
 * (preloaded with the session check, or visited before) renders at once instead of suspending
 * for a tick and flashing the fallback.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        // A failed chunk (network, a deploy) may be loaded again: at once by a caller of preload,
        // and by the page once its error view has shown (lib/stale-build.ts). React.lazy keeps a
        // failure for good, so the page then gets a new one.
        loading = undefined;
        onRetryOfFailedLoad(() => (Lazy = lazyOnce()));
        throw error;
      },
    ));
  const lazyOnce = () => lazy(() => preload().then((component) => ({ default: component })));
  let Lazy = lazyOnce();

  function Page() {
    // Chosen once per mount: switching component types later would remount the screen.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  Page.preload = preload;
  return Page;
}
