import type { ReactNode } from "react";

interface LabelledProps {
  id: string;
  label: ReactNode;
  /** A list's filter bar: a small muted label, and a width the select keeps. */
  compact?: boolean;
  children: ReactNode;
}

/** A control with its label above it, without a form field's validation message (see Field). */
export function Labelled({ id, label, compact = false, children }: LabelledProps) {
  return (
    <div className={compact ? "flex min-w-40 flex-col gap-1" : "space-y-1"}>
      <label htmlFor={id} className={compact ? "text-xs font-medium text-muted-foreground" : "text-sm font-medium"}>
        {label}
      </label>
      {children}
    </div>
  );
}
