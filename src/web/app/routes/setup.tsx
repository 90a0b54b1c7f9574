import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { SetupOwnerInput } from "@/shared/schemas/setup";
import { BrandCardPage } from "@/web/components/layout/brand-card-page";
import { PageSpinner } from "@/web/components/ui/spinner";
import { SetupOwnerForm } from "@/web/features/auth/components/setup-owner-form";
import { createSetupOwner, useSetupStatus } from "@/web/features/settings/api/use-setup";
import { BrandForm } from "@/web/features/settings/components/brand-form";
import { LoadError } from "@/web/components/ui/load-error";
import { brandName } from "@/web/lib/brand";
import { meQueryKey } from "@/web/lib/session";
import { NotFoundRoute } from "./not-found";

/**
 * The first run in the browser (ADR 021): while no admin exists, create the owner with the setup
 * code from the server's log, then name the company. Afterwards the page is the 404 page.
 */
export function SetupRoute() {
  const status = useSetupStatus();
  const client = useQueryClient();
  const [step, setStep] = useState<"owner" | "brand">("owner");
  const { t } = useLingui();

  if (status.isPending) return <PageSpinner />;
  if (status.isError) return <LoadError message={t`Setup could not be loaded. Check your connection and try again.`} onRetry={() => void status.refetch()} />;
  if (step === "owner" && !status.data) return <NotFoundRoute />;

  async function createOwner(input: SetupOwnerInput) {
    await createSetupOwner(input);
    // Signed in now: whatever was cached about the session is out of date.
    client.removeQueries({ queryKey: meQueryKey });
    setStep("brand");
  }

  const stepNumber = step === "owner" ? 1 : 2;
  return (
    <BrandCardPage
      above={<Trans>First run: step {stepNumber} of 2</Trans>}
      title={step === "owner" ? t`Create the owner account` : t`Name your portal`}
      description={
        step === "owner" ? t`This account administers the portal. Sign-ups later make customer accounts.` : t`The name your customers see. You can change it again later.`
      }
    >
      {step === "owner" ? (
        <SetupOwnerForm onSubmit={createOwner} />
      ) : (
        // A full page load: the page's title and the app's header read the brand from the server's page.
        <BrandForm initial={status.data?.brandName ?? brandName} onSaved={() => window.location.assign("/admin")} />
      )}
    </BrandCardPage>
  );
}
