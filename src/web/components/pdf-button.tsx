import { Download, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./ui/button";

interface PdfButtonProps {
  /** The API's address of the PDF: it checks access, then redirects to the file. */
  href: string;
  icon?: LucideIcon;
  /** What the button says; where a page shows several, it names the document for screen readers. */
  children: ReactNode;
}

/** A document's PDF, opened in a new tab, as a small outlined button. */
export function PdfButton({ href, icon: Icon = Download, children }: PdfButtonProps) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} target="_blank" rel="noopener noreferrer">
        <Icon className="h-4 w-4" aria-hidden />
        {children}
      </a>
    </Button>
  );
}
