import { useLingui } from "@lingui/react/macro";
import { InputField } from "@/web/components/ui/field";

interface EmailFieldProps {
  id: string;
  error: string | undefined;
  /** The address is given (an invitation's): shown, sent, and not editable. */
  fixedEmail?: string;
}

/** The Email input of the sign-in and sign-up forms. */
export function EmailField({ id, error, fixedEmail }: EmailFieldProps) {
  const { t } = useLingui();
  return (
    <InputField
      id={id}
      label={t`Email`}
      error={error}
      name="email"
      type="email"
      autoComplete="email"
      {...(fixedEmail === undefined ? {} : { defaultValue: fixedEmail, readOnly: true, className: "bg-muted" })}
    />
  );
}
