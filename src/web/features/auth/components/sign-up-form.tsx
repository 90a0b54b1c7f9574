import type { SignUpInput } from "@/shared/schemas/auth";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { checkSignUp } from "../lib/auth-rules";
import { useAuthForm } from "../lib/use-auth-form";

const fields = ["name", "email", "password"] as const;

export function SignUpForm({ onSubmit }: { onSubmit: (input: SignUpInput) => Promise<void> }) {
  const form = useAuthForm(fields, checkSignUp);
  const { errors, isSubmitting } = form;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} onChange={form.onChange} className="space-y-4">
      <Field id="signup-name" label="Full Name" error={errors.name}>
        <Input
          id="signup-name"
          name="name"
          autoComplete="name"
          aria-invalid={!!errors.name}
          aria-describedby={errors.name ? "signup-name-error" : undefined}
        />
      </Field>
      <Field id="signup-email" label="Email" error={errors.email}>
        <Input
          id="signup-email"
          name="email"
          type="email"
          autoComplete="email"
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? "signup-email-error" : undefined}
        />
      </Field>
      <Field id="signup-password" label="Password" error={errors.password}>
        <Input
          id="signup-password"
          name="password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? "signup-password-error" : undefined}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}
