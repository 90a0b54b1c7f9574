import { cn } from "@/web/lib/cn";
import { initialsOf } from "@/web/lib/initials";

/* Fills picked by the name, so one person keeps one colour everywhere; AA for white-on-fill text. */
const fills = ["bg-blue-700", "bg-emerald-700", "bg-violet-700", "bg-rose-700", "bg-amber-800", "bg-cyan-800", "bg-slate-600"] as const;

function fillOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return fills[hash % fills.length]!;
}

const sizes = { sm: "h-6 w-6 text-[10px]", md: "h-8 w-8 text-xs" } as const;

interface AvatarProps {
  /** The person's name (or address): the initials come from it, and it is the accessible text. */
  name: string;
  size?: keyof typeof sizes;
  /** The accessible text when it should say more than the name ("Assigned to Ada"). */
  label?: string;
  /** Beside the name written out, the avatar is decoration: screen readers skip it. */
  decorative?: boolean;
  className?: string;
}

/** A round badge with a person's initials; the name is its accessible text (and tooltip). */
export function Avatar({ name, size = "sm", label, decorative = false, className }: AvatarProps) {
  const text = label ?? name;
  return (
    <span
      className={cn("inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white select-none", sizes[size], fillOf(name), className)}
      title={text}
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": text })}
    >
      {initialsOf(name)}
    </span>
  );
}
