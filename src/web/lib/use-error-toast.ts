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
