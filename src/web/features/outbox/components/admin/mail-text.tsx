import { Fragment } from "react";

/**
 * A mail's text part with its links clickable. Only links into this portal become links: a mail
 * also carries what users typed (a name), and a name that looks like an address must not become
 * something an admin clicks.
 */
export function MailText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"\]]+)/g);
  return (
    <pre className="max-h-96 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap break-words">
      {parts.map((part, index) =>
        index % 2 === 1 && isPortalLink(part) ? (
          <a key={index} href={part} className="text-primary underline" rel="noreferrer">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </pre>
  );
}

function isPortalLink(href: string): boolean {
  try {
    return new URL(href).origin === window.location.origin;
  } catch {
    return false;
  }
}
