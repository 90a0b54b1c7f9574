/**
 * A screen's code is loaded when it is first visited (app/router.tsx). That load fails when the
 * server is unreachable, or after a deploy, which renames every chunk: the running page still
 * asks for the old names, and only a reload brings the new ones.
 */

// How Chromium, Firefox and Safari word a failed dynamic import, and Vite's failed preload.
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

/** How each page whose module failed to load gets a fresh load on its next mount (app/lazy-page.tsx). */
const failedLoads = new Set<() => void>();

export function onRetryOfFailedLoad(renew: () => void): void {
  failedLoads.add(renew);
}

/**
 * Called once an error view is on screen: from then on, the next mount of a page whose module
 * failed ("Try again", or a later visit) loads it again. Not sooner: React renders a failed page
 * again before its error boundary commits, and a fresh load on each of those renders would retry
 * for ever while the previous page stays on screen.
 */
export function retryFailedLoads(): void {
  for (const renew of failedLoads) renew();
  failedLoads.clear();
}

/** The entry module of a page (index.html's one module script): its hashed name names the build. */
const entryOf = (root: ParentNode) => root.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute("src") ?? undefined;

/** The build the server deploys now, or undefined when it cannot be asked. */
async function deployedEntry(): Promise<string | undefined> {
  try {
    const response = await fetch("/", { cache: "no-store", credentials: "same-origin", headers: { accept: "text/html" } });
    if (!response.ok) return undefined;
    return entryOf(new DOMParser().parseFromString(await response.text(), "text/html"));
  } catch {
    return undefined;
  }
}

const RELOADED_FOR = "portico:reloaded-for-build";

/**
 * After a failed chunk load: reloads the page when the server now deploys another build, once per
 * build (remembered for the tab), and answers whether it did. No reload when the server cannot be
 * reached (the browser would replace the app with its own error page) or still serves this build
 * (a reload would fail the same way): the caller shows its error view instead.
 */
export async function reloadIfNewBuild(): Promise<boolean> {
  const deployed = await deployedEntry();
  if (!deployed || deployed === entryOf(document)) return false;
  try {
    if (sessionStorage.getItem(RELOADED_FOR) === deployed) return false;
    sessionStorage.setItem(RELOADED_FOR, deployed);
  } catch {
    // Without storage there is no remembering, and so no reload: it could repeat forever.
    return false;
  }
  window.location.reload();
  return true;
}
