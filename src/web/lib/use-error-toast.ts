import { useEffect } from "react";
import { toast } from "./toast";

/**
 * Logs a failed load and, where the spec names one, shows its toast once per failure (after the
 * query's own retries). The toast id stops a second observer from stacking the same message.
 */
export function useErrorToast(error: unknown, { log, toast: message }: { log: string; toast?: string | undefined }) {
  useEffect(() => {
    if (!error) return;
    console.error(log, error);
    if (message) toast.error(message, { id: message });
  }, [error, log, message]);
}

/** One toast (keyed by `id`, so a second render does not stack it) while `failed` holds. */
export function useFailureToast(failed: boolean, message: string, id: string) {
  useEffect(() => {
    if (failed) toast.error(message, { id });
  }, [failed, message, id]);
}
