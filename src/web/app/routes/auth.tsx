import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "@/web/lib/toast";
import type { SignUpInput } from "@/shared/schemas/auth";
import { Button } from "@/web/components/ui/button";
import { BrandCardPage } from "@/web/components/layout/brand-card-page";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/web/components/ui/tabs";
import { ForgotPasswordForm } from "@/web/features/auth/components/forgot-password-form";
import { SignInForm } from "@/web/features/auth/components/sign-in-form";
import { SignUpForm } from "@/web/features/auth/components/sign-up-form";
import { useSignupPolicy } from "@/web/features/members/api/use-signup-policy";
import { SsoFailureNotice, SsoSignInButton, useSsoOptions } from "@/web/features/sso";
import { PageSpinner, Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/api";
import { brandName } from "@/web/lib/brand";
import { fetchMe, meQueryKey, returnPathFor, signUp, useProbedMe, type AuthRouteState } from "@/web/lib/session";
import { useSessionCheck } from "@/web/lib/use-session-check";

export function AuthRoute() {
  const { from, sessionCheckTimedOut = false } = (useLocation().state ?? {}) as AuthRouteState;
  // No /api/me (and its 401) for the signed-out visitor this page is for (performance report D1).
  // None at all when the page that sent the user here already gave up waiting for it.
  const check = useSessionCheck(useProbedMe({ enabled: !sessionCheckTimedOut }), { skip: sessionCheckTimedOut });
  const navigate = useNavigate();
  const client = useQueryClient();
  // In the address, so the reset page's "ask for a new link" can open it and Back returns to sign-in.
  const [search, setSearch] = useSearchParams();
  const forgot = search.has("forgot");
  const signupPolicy = useSignupPolicy();
  const ssoOptions = useSsoOptions();
  const { t } = useLingui();

  /** The session just changed: an answer still on its way describes the old one. */
  const fetchNewMe = async () => {
    await client.cancelQueries({ queryKey: meQueryKey });
    return client.fetchQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 0 });
  };

  const handleSignedIn = async () => {
    try {
      const user = await fetchNewMe();
      toast.success(t`Welcome back!`);
      navigate(user ? returnPathFor(user, from) : "/dashboard", { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, t`Failed to sign in`));
    }
  };

  /** A refusal reaches the form, which shows it under itself and in a toast. */
  const handleSignUp = async (input: SignUpInput) => {
    await signUp(input);
    await fetchNewMe();
    toast.success(t`Account created! Welcome to ${brandName}.`);
    navigate("/dashboard", { replace: true });
  };

  if (check.state === "checking") return <PageSpinner />;
  // Already signed in (a bookmarked /auth, say): go where sign-in would have gone.
  if (check.state === "signed-in") return <Navigate replace to={returnPathFor(check.me, from)} />;

  return (
    <BrandCardPage
      // lib/brand.ts's `tagline`, in the reader's language.
      above={<Trans>Project tracking made simple</Trans>}
      title={
        <span>
          <Trans>Welcome</Trans>
        </span>
      }
      description={<Trans>Sign in to your account or create a new one</Trans>}
    >
      {forgot ? (
        <ForgotPasswordForm onBack={() => setSearch({})} />
      ) : (
        <Tabs defaultValue="login">
          <TabsList>
            <TabsTrigger value="login">
              <Trans>Login</Trans>
            </TabsTrigger>
            <TabsTrigger value="signup">
              <Trans>Sign Up</Trans>
            </TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <SsoFailureNotice />
            <SignInForm onSignedIn={handleSignedIn} />
            {/* The team's identity provider (OIDC_ISSUER, ADR 051); a company's is offered by the form for its addresses. */}
            {ssoOptions.data?.team ? (
              <div className="mt-4">
                <SsoSignInButton />
              </div>
            ) : null}
            <Button variant="ghost" className="mt-2 w-full" onClick={() => setSearch({ forgot: "" })}>
              <Trans>Forgot password?</Trans>
            </Button>
          </TabsContent>
          <TabsContent value="signup">
            {signupPolicy.isPending ? (
              <div className="flex justify-center py-6">
                <Spinner label={t`Loading`} />
              </div>
            ) : signupPolicy.data?.mode === "invite" ? (
              // Invitations bring their own sign-up form (/invitation); this one would be refused.
              <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
                {/* memberMessages.signupByInvitation (shared/rules/member.ts), word for word. */}
                <Trans>Sign-up is by invitation only. Ask your contact for an invitation.</Trans>
              </p>
            ) : (
              <SignUpForm onSubmit={handleSignUp} />
            )}
          </TabsContent>
        </Tabs>
      )}
    </BrandCardPage>
  );
}
