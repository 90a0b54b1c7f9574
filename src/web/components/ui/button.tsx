import type { ComponentProps } from "react";
import { cn } from "@/web/lib/cn";
import { Slot } from "./slot";

const variants = {
  default: "bg-primary text-primary-foreground hover:bg-primary/90",
  outline: "border border-border bg-background hover:bg-muted",
  ghost: "hover:bg-muted",
  destructive: "bg-destructive text-white hover:bg-destructive/90",
} as const;

const sizes = { default: "h-10 px-4 py-2", sm: "h-8 px-3 text-sm", icon: "h-10 w-10" } as const;

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (a link, say) with button styles. */
  asChild?: boolean;
}

export function Button({ className, variant = "default", size = "default", asChild, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return (
    <Component
      type={asChild ? undefined : (type ?? "button")}
      className={cn(
        "inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors",
        "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none",
        "disabled:pointer-events-none disabled:opacity-50",
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}

interface SubmitButtonProps extends Omit<ButtonProps, "type" | "disabled" | "children" | "asChild"> {
  label: string;
  /** What it says while the form is being sent: "Saving...". */
  workingLabel: string;
  isSubmitting: boolean;
}

/** A form's submit button: while the form is being sent it is disabled and says so. */
export function SubmitButton({ label, workingLabel, isSubmitting, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={isSubmitting} {...props}>
      {isSubmitting ? workingLabel : label}
    </Button>
  );
}
