import type { ComponentProps } from "react";
import { cn } from "@/web/lib/cn";
import { Slot } from "./slot";

const variants = {
  default: "bg-primary text-primary-foreground hover:bg-primary/90",
  outline: "border border-border bg-background hover:bg-muted",
  ghost: "hover:bg-muted",
  destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
} as const;

// On phones and touch screens every size is a tap target of at least 44×44 px (WCAG 2.5.5).
const sizes = {
  default: "h-10 px-4 py-2 max-sm:h-11 pointer-coarse:h-11",
  sm: "h-8 px-3 text-sm max-sm:h-11 max-sm:min-w-11 pointer-coarse:h-11 pointer-coarse:min-w-11",
  icon: "h-10 w-10 max-sm:h-11 max-sm:w-11 pointer-coarse:h-11 pointer-coarse:w-11",
} as const;

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
        "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none",
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
