/**
 * The account page's API tokens card, public on its own for a dynamic import: only admins and
 * company owners may hold tokens, so only they download it.
 */
export { ApiTokensCard } from "./components/api-tokens-card";
