import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Button, SubmitButton } from "@/web/components/ui/button";
import { InputField } from "@/web/components/ui/field";
import { ApiError, errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { checkBackupCode, checkTotpCode } from "../lib/two-factor-rules";
import { sendSignInCode } from "../lib/two-factor-api";
import { useCheckedForm } from "@/web/lib/use-checked-form";

const fields = ["code"] as const;

/**
 * Sign-in's second step, after a right password for an account with two-factor sign-in on: a code
 * from the authenticator app, or one of the backup codes. A refused challenge (expired, or too
 * many wrong codes) goes back to the password.
 */
export function TwoFactorStep({ onSignedIn, onStartOver }: { onSignedIn: () => Promise<void>; onStartOver: () => void }) {
  const [backup, setBackup] = useState(false);
  const { t } = useLingui();
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">
          <Trans>Two-factor sign-in</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          {backup ? t`Enter one of your backup codes. Each code works once.` : t`Enter the 6-digit code from your authenticator app.`}
        </p>
      </div>
      {/* Keyed: switching the kind of code starts an empty form. */}
      <CodeForm key={String(backup)} backup={backup} onSignedIn={onSignedIn} onStartOver={onStartOver} />
      <div className="flex flex-col gap-1">
        <Button variant="ghost" className="w-full" onClick={() => setBackup(!backup)}>
          {backup ? t`Use your authenticator app` : t`Use a backup code`}
        </Button>
        <Button variant="ghost" className="w-full" onClick={onStartOver}>
          <Trans>Start over</Trans>
        </Button>
      </div>
    </div>
  );
}

function CodeForm({ backup, onSignedIn, onStartOver }: { backup: boolean; onSignedIn: () => Promise<void>; onStartOver: () => void }) {
  const form = useCheckedForm(fields, backup ? checkBackupCode : checkTotpCode);
  const { errors, isSubmitting } = form;
  const { t } = useLingui();

  const onSubmit = form.handleSubmit(async ({ code }, element) => {
    const trustDevice = (element.elements.namedItem("trustDevice") as HTMLInputElement | null)?.checked ?? false;
    try {
      await sendSignInCode({ code, backup, trustDevice });
    } catch (error) {
      if (form.showServerErrors(error)) return;
      toast.error(errorMessage(error, t`Could not check the code`));
      // The challenge itself is gone (expired, or too many wrong codes): the password comes first again.
      if (error instanceof ApiError && (error.status === 400 || error.status === 401)) onStartOver();
      return;
    }
    await onSignedIn();
  });

  return (
    <form noValidate onSubmit={onSubmit} onChange={form.onChange} className="space-y-4">
      <InputField
        id="signin-code"
        label={backup ? t`Backup code` : t`Authentication code`}
        error={errors.code}
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        {...(backup ? { placeholder: "xxxxx-xxxxx" } : { inputMode: "numeric" as const, placeholder: "123456" })}
        autoFocus
        required
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="trustDevice" className="h-4 w-4 accent-primary" />
        <Trans>Trust this device for 30 days</Trans>
      </label>
      <SubmitButton label={t`Verify`} workingLabel={t`Verifying...`} isSubmitting={isSubmitting} className="w-full" />
    </form>
  );
}
