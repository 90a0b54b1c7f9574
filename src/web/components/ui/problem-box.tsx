import type { HTMLAttributes } from "react";
import { cn } from "@/web/lib/cn";

const box = "rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm";

/**
 * What went wrong, in the red-edged box every page and form shows it in, read out as it appears
 * (role="alert"). A paragraph; `ProblemBlock` for a box that holds paragraphs or a link below.
 */
export function ProblemBox({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p role="alert" className={cn(className, box)} {...props} />;
}

export function ProblemBlock({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div role="alert" className={cn(className, box)} {...props} />;
}
