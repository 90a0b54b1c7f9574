import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, SubmitButton } from "@/web/components/ui/button";
import { InputField } from "@/web/components/ui/field";
import { errorMessage } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";
import { sessionSwap } from "@/web/lib/session";
import { toast } from "@/web/lib/toast";
import { checkDisableTwoFactor, checkEnableTwoFactor, checkTotpCode } from "../../lib/two-factor-rules";
import { confirmTwoFactor, disableTwoFactor, startTwoFactor, type TwoFactorEnrolment } from "../../lib/two-factor-api";
import { useCheckedForm } from "@/web/lib/use-checked-form";

/** Turning two-factor sign-in on or off replaces the session: who the user is and where they are signed in are read again. */
function useReadAccountAgain() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: [queryRoots.me] }), client.invalidateQueries({ queryKey: [queryRoots.sessions] })]);
}

/** Turning two-factor sign-in on or off (two-factor-card.tsx loads this module when one starts). */
export default function TwoFactorFlow({ flow, onClose }: { flow: "on" | "off"; onClose: () => void }) {
  return flow === "on" ? <TwoFactorSetup onClose={onClose} /> : <TwoFactorDisable onClose={onClose} />;
}

/** Confirming enrolment and turning it off replace the session: this tab's event stream waits for the new one (realtime.ts). */
function swappingSession<T>(request: Promise<T>): Promise<T> {
  const pending = request.finally(() => {
    if (sessionSwap.pending === pending) sessionSwap.pending = undefined;
  });
  sessionSwap.pending = pending;
  return pending;
}

/** The key in groups of four, as authenticator apps show keys: easier to read and type. */
const grouped = (secret: string) => secret.replace(/=+$/, "").replace(/(.{4})(?=.)/g, "$1 ");

/**
 * Turning two-factor sign-in on: the password, then the QR code (and the key, for typing) to add
 * to an authenticator app, then a code from the app to prove it has the key, then the backup codes,
 * shown this once.
 */
function TwoFactorSetup({ onClose }: { onClose: () => void }) {
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment>();
  const [confirmed, setConfirmed] = useState(false);
  const readAgain = useReadAccountAgain();
  if (!enrolment) return <PasswordStep onStarted={setEnrolment} onCancel={onClose} />;
  if (!confirmed) return <ScanStep enrolment={enrolment} onConfirmed={() => setConfirmed(true)} onCancel={onClose} />;
  return (
    <BackupCodes
      codes={enrolment.backupCodes}
      onDone={() => {
        onClose();
        void readAgain();
      }}
    />
  );
}

const passwordFields = ["password"] as const;

function PasswordStep({ onStarted, onCancel }: { onStarted: (enrolment: TwoFactorEnrolment) => void; onCancel: () => void }) {
  const form = useCheckedForm(passwordFields, checkEnableTwoFactor);
  const { errors, isSubmitting } = form;
  const { t } = useLingui();
  const onSubmit = form.handleSubmit(async (input) => {
    onStarted(await startTwoFactor(input));
  }, t`Could not start turning on two-factor sign-in`);
  return (
    <form noValidate onSubmit={onSubmit} onChange={form.onChange} className="space-y-4">
      <InputField id="two-factor-password" label={t`Your password`} error={errors.password} name="password" type="password" autoComplete="current-password" autoFocus required />
      <div className="flex flex-wrap gap-2">
        <SubmitButton label={t`Continue`} workingLabel={t`Checking...`} isSubmitting={isSubmitting} />
        <Button variant="outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

const codeFields = ["code"] as const;

function ScanStep({ enrolment, onConfirmed, onCancel }: { enrolment: TwoFactorEnrolment; onConfirmed: () => void; onCancel: () => void }) {
  const form = useCheckedForm(codeFields, checkTotpCode);
  const { errors, isSubmitting } = form;
  const { t } = useLingui();
  const onSubmit = form.handleSubmit(async ({ code }) => {
    await swappingSession(confirmTwoFactor(code));
    onConfirmed();
  }, t`Could not check the code`);
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Trans>1. Scan this QR code with an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password).</Trans>
      </p>
      <img src={enrolment.qrCode} alt={t`QR code to add this account to an authenticator app`} width={192} height={192} className="rounded-md border border-border bg-white" />
      <div className="text-sm">
        <p>
          <Trans>Can't scan it? Enter this key in the app instead:</Trans>
        </p>
        <code id="two-factor-key" aria-label={t`Setup key`} className="mt-1 inline-block rounded bg-muted px-2 py-1 font-mono text-sm break-all select-all">
          {grouped(enrolment.secret)}
        </code>
      </div>
      <form noValidate onSubmit={onSubmit} onChange={form.onChange} className="space-y-4">
        <InputField
          id="two-factor-confirm-code"
          label={t`2. Enter the 6-digit code the app shows`}
          error={errors.code}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
        />
        <div className="flex flex-wrap gap-2">
          <SubmitButton label={t`Turn on`} workingLabel={t`Checking...`} isSubmitting={isSubmitting} />
          <Button variant="outline" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </div>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast.success(t`Backup codes copied`);
    } catch {
      toast.error(t`Could not copy. Select the codes and copy them yourself.`);
    }
  };
  return (
    <div className="space-y-4">
      <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
        <Trans>Two-factor sign-in is on.</Trans>
      </p>
      <p className="text-sm">
        <Trans>
          Save these backup codes somewhere safe, such as a password manager. If you lose your phone, each code signs you in once instead of a code from the app.{" "}
          <strong>They are shown only this once.</strong>
        </Trans>
      </p>
      <ul aria-label={t`Backup codes`} className="grid grid-cols-2 gap-2 rounded-md border border-border p-3 font-mono text-sm select-all">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()} autoFocus>
          <Trans>Copy codes</Trans>
        </Button>
        <Button onClick={onDone}>
          <Trans>I have saved my backup codes</Trans>
        </Button>
      </div>
    </div>
  );
}

const disableFields = ["password", "code"] as const;

/** Turning two-factor sign-in off: the password and a current code (the app's, or a backup code when the phone is lost). */
function TwoFactorDisable({ onClose }: { onClose: () => void }) {
  const form = useCheckedForm(disableFields, checkDisableTwoFactor);
  const { errors, isSubmitting } = form;
  const { t } = useLingui();
  const readAgain = useReadAccountAgain();
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await swappingSession(disableTwoFactor(input));
    } catch (error) {
      if (!form.showServerErrors(error)) toast.error(errorMessage(error, t`Could not turn off two-factor sign-in`));
      return;
    }
    toast.success(t`Two-factor sign-in is off.`);
    onClose();
    await readAgain();
  });
  return (
    <form noValidate onSubmit={onSubmit} onChange={form.onChange} className="space-y-4">
      <InputField id="two-factor-off-password" label={t`Your password`} error={errors.password} name="password" type="password" autoComplete="current-password" autoFocus required />
      <InputField id="two-factor-off-code" label={t`Code from your authenticator app, or a backup code`} error={errors.code} name="code" autoComplete="one-time-code" required />
      <div className="flex flex-wrap gap-2">
        <SubmitButton label={t`Turn off`} workingLabel={t`Turning off...`} isSubmitting={isSubmitting} variant="destructive" />
        <Button variant="outline" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
