import { useLingui } from "@lingui/react/macro";
import { Search } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";

/** The palette's code loads on its first opening (issue 43: the bundles keep their budgets). */
const CommandPalette = lazy(() => import("./command-palette"));

/** Whether a key press is typing into a field, where "/" is a character and not a shortcut. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement);

/** Ctrl+K or ⌘K anywhere, or "/" outside a field, opens the palette, as the header's button does; not over another dialog. */
function isPaletteShortcut(event: KeyboardEvent): boolean {
  if (event.altKey || event.shiftKey || document.querySelector("dialog[open]")) return false;
  if (event.key.toLowerCase() === "k") return event.ctrlKey || event.metaKey;
  return event.key === "/" && !event.ctrlKey && !event.metaKey && !isTyping(event.target);
}

/** The header's search button and the shortcuts that open the command palette (ADR 046). */
export function PaletteLauncher() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      // The browser's own Ctrl+K (its address bar search) gives way in the app.
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        title={t`Search and go to (Ctrl+K)`}
        onClick={() => setOpen(true)}
        // From tablet width up, where a keyboard is likely: the phone's header has no room left beside the menu button.
        className="hidden h-10 w-10 items-center justify-center rounded-md hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:inline-flex"
      >
        <Search className="h-5 w-5" aria-hidden />
        <span className="sr-only">{t`Search and go to`}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <CommandPalette onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
