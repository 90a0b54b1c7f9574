/**
 * Toasts without sonner on the critical path: sonner (~9 KiB gzip) is fetched the first time a
 * toast is shown, and its Toaster is mounted then. Sonner replays toasts created before its
 * Toaster subscribed, so nothing shown in the meantime is lost (ADR 008).
 */
import type * as SonnerModule from "sonner";

export interface ToastOptions {
  /** A toast with the id of one on screen replaces it instead of stacking. */
  id?: string;
  description?: string;
}

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | undefined;
let requested = false;
const listeners = new Set<() => void>();

function load(): Promise<Sonner> {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  sonner ??= import("sonner").catch((error: unknown) => {
    sonner = undefined;
    throw error;
  });
  return sonner;
}

function show(kind: "success" | "error", message: string, options?: ToastOptions) {
  load().then(
    ({ toast: sonnerToast }) => void sonnerToast[kind](message, options),
    // Offline, say: the message still reaches the console rather than vanishing.
    (error: unknown) => console.warn(`toast (${kind}) not shown: ${message}`, error),
  );
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
};

/** For the Toaster host: whether a toast has been asked for (then it mounts sonner's Toaster). */
export const toasterRequest = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => requested,
};
