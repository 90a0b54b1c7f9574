import { useLingui } from "@lingui/react/macro";
import { SunMoon } from "lucide-react";
import { useId } from "react";
import { cn } from "@/web/lib/cn";
import { setThemeChoice, themeChoices, useThemeChoice, type ThemeChoice } from "@/web/lib/theme";

/** System, Light or Dark as three radio buttons (arrow keys move between them), remembered per browser. */
export function ThemeChoices({ className }: { className?: string }) {
  const { t } = useLingui();
  const choice = useThemeChoice();
  const name = useId();
  const labels: Record<ThemeChoice, string> = { system: t`System`, light: t`Light`, dark: t`Dark` };
  return (
    <fieldset className={className}>
      <legend className="mb-1.5 text-sm font-medium">{t`Theme`}</legend>
      <div className="flex gap-1">
        {themeChoices.map((value) => (
          <label
            key={value}
            className={cn(
              "relative flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-md border border-border px-3 text-sm",
              "hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground",
              "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2",
            )}
          >
            {/* Unseen over its whole label: the label draws it, a press anywhere on it is a press on the radio. */}
            <input
              type="radio"
              name={name}
              value={value}
              checked={choice === value}
              onChange={() => setThemeChoice(value)}
              className="absolute inset-0 cursor-pointer opacity-0"
            />
            {labels[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The header's theme button, beside the user's name: the choices open in a popover, which the
 * browser closes on Escape or a press elsewhere and keeps on top. Placed under the header's right
 * end (the header's content is at most 80rem wide, centred).
 */
export function ThemeMenu() {
  const { t } = useLingui();
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        popoverTarget={panelId}
        className="inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <SunMoon className="h-5 w-5" aria-hidden />
        <span className="sr-only">{t`Theme`}</span>
      </button>
      <div
        id={panelId}
        popover="auto"
        className="fixed inset-auto top-16 right-[max(1rem,calc((100vw_-_80rem)/2_+_1rem))] m-0 w-72 rounded-md border border-border bg-background p-3 text-foreground shadow-lg"
      >
        <ThemeChoices />
      </div>
    </>
  );
}
