/** The access log feature (ADR 050), as other parts of the app use it. */
export { AccessLogPage } from "./components/access-log-page";
