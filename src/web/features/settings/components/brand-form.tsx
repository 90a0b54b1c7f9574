import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { BRAND_NAME_MAX, setupMessages } from "@/shared/rules/setup";
import { hasControlCharacter, hasDirectionOverride, textMessages } from "@/shared/rules/text";
import { SubmitButton } from "@/web/components/ui/button";
import { InputField } from "@/web/components/ui/field";
import { errorMessage, shownProblemDetail } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useSetBrand } from "../api/use-setup";

/** The rule of brandSettingsInputSchema (src/shared/schemas/setup.ts), as a plain check. */
function brandFailure(name: string): string | undefined {
  if (name.length < 1) return setupMessages.brandRequired;
  if (name.length > BRAND_NAME_MAX) return setupMessages.brandTooLong;
  if (hasControlCharacter(name)) return textMessages.controlCharacter;
  if (hasDirectionOverride(name)) return textMessages.directionOverride;
  return undefined;
}

/** The company's brand name: shown in the app's title and header and in every mail. */
export function BrandForm({ initial, onSaved }: { initial: string; onSaved: (brandName: string) => void }) {
  const [error, setError] = useState<string>();
  const setBrand = useSetBrand();
  const { t } = useLingui();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const brandName = String(new FormData(event.currentTarget).get("brandName") ?? "").trim();
    const failure = brandFailure(brandName);
    setError(failure);
    if (failure) return;
    try {
      onSaved((await setBrand.mutateAsync({ brandName })).brandName);
    } catch (failed) {
      const detail = shownProblemDetail(failed);
      if (detail) setError(detail);
      else toast.error(errorMessage(failed, t`Failed to save the brand name`));
    }
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <InputField id="brand-name" label={t`Brand name`} name="brandName" defaultValue={initial} error={error} maxLength={BRAND_NAME_MAX} autoComplete="organization" />
      <p className="text-sm text-muted-foreground">
        <Trans>Your customers see it in the portal and in every mail it sends.</Trans>
      </p>
      <SubmitButton label={t`Save and continue`} workingLabel={t`Saving...`} isSubmitting={setBrand.isPending} className="w-full" />
    </form>
  );
}
