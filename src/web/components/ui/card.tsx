import type { ComponentProps, HTMLAttributes, ReactNode } from "react";
import { cn } from "@/web/lib/cn";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("rounded-lg border border-border bg-background shadow-sm", className)} {...props} />;
}

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-col gap-1.5 p-6", className)} {...props} />;
}

export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn("text-lg leading-none font-semibold", className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("p-6 pt-0", className)} {...props} />;
}

interface TitledCardProps {
  title: ReactNode;
  /** Under the title: what the card is for. */
  description?: ReactNode;
  /** Beside the title, e.g. a "New …" button. */
  actions?: ReactNode;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}

/** A card with a heading and its content: the sections of the detail screens. */
export function TitledCard({ title, description, actions, className, contentClassName, children }: TitledCardProps) {
  return (
    <Card className={className}>
      <CardHeader className={actions ? "flex-row flex-wrap items-center justify-between gap-4 space-y-0" : undefined}>
        <CardTitle>{title}</CardTitle>
        {description === undefined ? null : <CardDescription>{description}</CardDescription>}
        {actions}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

/** A section title with how many items it holds, "…" while that is not known yet. */
export function CountedTitle({ label, count }: { label: string; count: number | undefined }) {
  return (
    <>
      {label} <span className="text-muted-foreground">({count ?? "…"})</span>
    </>
  );
}
