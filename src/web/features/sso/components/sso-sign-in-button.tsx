import { useLingui } from "@lingui/react/macro";
import { useState, type MouseEvent } from "react";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { startSso } from "../api/use-sso";

/**
 * "Sign in with SSO": leaves for the address's company's identity provider, else the team's. A
 * link, since it takes the browser to another site (and so it is never mistaken for the form's
 * "Sign In" button); with `email`, the company's offer under the form, a button of that form.
 */
export function SsoSignInButton({ email, label }: { email?: string; label?: string }) {
  const { t } = useLingui();
  const [leaving, setLeaving] = useState(false);
  const start = async (event: MouseEvent) => {
    event.preventDefault();
    if (leaving) return;
    setLeaving(true);
    try {
      await startSso(email ? { email } : {});
    } catch (error) {
      toast.error(errorMessage(error, t`Single sign-on is not available. Please try again later.`));
      setLeaving(false);
    }
  };
  const text = leaving ? t`Opening your identity provider...` : (label ?? t`Sign in with SSO`);
  if (email) {
    return (
      <Button type="button" variant="outline" className="w-full" onClick={start} disabled={leaving} aria-busy={leaving}>
        {text}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" className="w-full">
      <a href="#sign-in-with-sso" onClick={start} aria-busy={leaving}>
        {text}
      </a>
    </Button>
  );
}
