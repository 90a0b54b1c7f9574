import type { SignInInput } from "@/shared/schemas/auth";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { checkSignIn } from "../lib/auth-rules";
import { useAuthForm } from "../lib/use-auth-form";

const fields = ["email", "password"] as const;

export function SignInForm({ onSubmit }: { onSubmit: (input: SignInInput) => Promise<void> }) {
  const form = useAuthForm(fields, checkSignIn);
  const { errors, isSubmitting } = form;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} onChange={form.onChange} className="space-y-4">
      <Field id="signin-email" label="Email" error={errors.email}>
        <Input
          id="signin-email"
          name="email"
          type="email"
          autoComplete="email"
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? "signin-email-error" : undefined}
        />
      </Field>
      <Field id="signin-password" label="Password" error={errors.password}>
        <Input
          id="signin-password"
          name="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? "signin-password-error" : undefined}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
