import { useLingui } from "@lingui/react/macro";
import { cn } from "@/web/lib/cn";

/**
 * lucide's loader-circle, drawn inline: the spinner is on every page's first paint, and lucide's
 * icon runtime would otherwise ride in the entry chunk for this one icon (ADR 008).
 */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useLingui();
  return (
    <span role="status" className="inline-flex items-center">
      <svg
        aria-hidden
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={cn("h-6 w-6 animate-spin text-primary", className)}
      >
        <path d="M21 12a9 9 0 1 1-6.219-8.56" />
      </svg>
      <span className="sr-only">{label ?? t`Loading`}</span>
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="h-8 w-8" />
    </div>
  );
}
