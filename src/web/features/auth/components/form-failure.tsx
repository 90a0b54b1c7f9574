import { translateKnown } from "@/web/lib/i18n/known-messages";

/**
 * Why the server refused the form (a wrong password, a taken address), under the form and read
 * out when it appears; the toast says it too. The form names it in `aria-describedby` (`formFailureAria`).
 */
export function FormFailure({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
      {translateKnown(message)}
    </p>
  );
}

export const formFailureAria = (id: string, message: string | undefined) => ({ "aria-describedby": message ? id : undefined });
