import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../ui/button";

interface BackLinkProps {
  to: string;
  /** "Back to Projects". */
  label: string;
  /** The customer screens show it as a ghost button, the admin screens as a quiet text link. */
  asButton?: boolean;
}

/** The way back from a detail screen to its list. */
export function BackLink({ to, label, asButton }: BackLinkProps) {
  const content = (
    <>
      <ArrowLeft className="h-4 w-4" aria-hidden />
      {label}
    </>
  );
  if (asButton) {
    return (
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={to}>{content}</Link>
      </Button>
    );
  }
  return (
    <Link to={to} className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground max-sm:min-h-11">
      {content}
    </Link>
  );
}
