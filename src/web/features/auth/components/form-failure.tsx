import { translateKnown } from "@/web/lib/i18n/known-messages";
import { ProblemBox } from "@/web/components/ui/problem-box";

/**
 * Why the server refused the form (a wrong password, a taken address), under the form and read
 * out when it appears; the toast says it too. The form names it in `aria-describedby` (`formFailureAria`).
 */
export function FormFailure({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <ProblemBox id={id} className="text-destructive">{translateKnown(message)}</ProblemBox>
  );
}

export const formFailureAria = (id: string, message: string | undefined) => ({ "aria-describedby": message ? id : undefined });
