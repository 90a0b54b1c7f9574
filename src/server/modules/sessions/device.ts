import Bowser from "bowser";

/** A person's name for the device behind a user agent: "Firefox 133 on Windows", or "Unknown device". */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split(".")[0];
  const name = browser.name ? [browser.name, major].filter(Boolean).join(" ") : undefined;
  if (name && os.name) return `${name} on ${os.name}`;
  return name ?? os.name ?? "Unknown device";
}
