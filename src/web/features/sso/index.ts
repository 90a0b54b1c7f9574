/**
 * What other features may use of single sign-on (ADR 051): the sign-in page's parts, and the
 * admin's section of a customer's page.
 */
export { discoverSso, startSso, useSsoOptions } from "./api/use-sso";
export { SsoFailureNotice } from "./components/sso-failure";
export { SsoSignInButton } from "./components/sso-sign-in-button";
