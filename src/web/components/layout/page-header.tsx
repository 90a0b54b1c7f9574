import type { ReactNode } from "react";

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The heading row of a screen: its title, an optional line under it, and its actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** A list screen: its heading row, then the one list it shows. */
export function HeadedPage({ children, ...header }: PageHeaderProps & { children: ReactNode }) {
  return (
    <div>
      <PageHeader {...header} />
      {children}
    </div>
  );
}
