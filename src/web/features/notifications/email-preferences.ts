/**
 * The account page's email preferences card, public on its own for a dynamic import: its code loads
 * with the account page's card, not with the header, which imports index.ts.
 */
export { EmailPreferences } from "./components/email-preferences";
