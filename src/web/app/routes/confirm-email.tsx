import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AUTH_TOKEN_PATTERN, authMessages } from "@/shared/rules/auth";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { PageSpinner } from "@/web/components/ui/spinner";
import { ConfirmEmailPanel } from "@/web/features/auth/components/confirm-email-panel";
import { SignInForm } from "@/web/features/auth/components/sign-in-form";
import { errorMessage } from "@/web/lib/api";
import { brandName } from "@/web/lib/brand";
import { fetchMe, homePathFor, meQueryKey, useProbedMe } from "@/web/lib/session";
import { toast } from "@/web/lib/toast";

/**
 * Where an address-change mail links to (`/confirm-email?token=…`). Only the account that asked
 * may confirm, so a signed-out visitor signs in here first, and the link then does its work.
 */
export function ConfirmEmailRoute() {
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const me = useProbedMe();
  const client = useQueryClient();
  const navigate = useNavigate();

  const handleSignedIn = async () => {
    try {
      await client.fetchQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 0 });
    } catch (error) {
      toast.error(errorMessage(error, "Failed to sign in"));
    }
  };

  const onConfirmed = async () => {
    const user = await client.fetchQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 0 });
    toast.success(`You now sign in with ${user?.email ?? "your new address"}.`);
    navigate(user ? `${homePathFor(user)}/account` : "/auth", { replace: true });
  };

  let content;
  if (!AUTH_TOKEN_PATTERN.test(token)) {
    content = (
      <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
        {authMessages.confirmLinkInvalid}{" "}
        <Link to="/" className="font-medium text-primary underline">
          Go to the portal
        </Link>
      </p>
    );
  } else if (me.isPending) {
    content = <PageSpinner />;
  } else if (!me.data) {
    content = (
      <div className="space-y-4">
        <p className="text-sm">{authMessages.confirmNeedsSession} Use the account's current address and password.</p>
        <SignInForm onSignedIn={handleSignedIn} />
      </div>
    );
  } else {
    content = <ConfirmEmailPanel token={token} currentEmail={me.data.email} onConfirmed={onConfirmed} />;
  }

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <p className="text-2xl font-bold text-primary">{brandName}</p>
          <CardTitle className="mt-4 text-xl">Confirm your new email address</CardTitle>
          <CardDescription>The address you sign in with changes once you confirm.</CardDescription>
        </CardHeader>
        <CardContent>{content}</CardContent>
      </Card>
    </main>
  );
}
