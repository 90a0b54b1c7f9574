/** What other features may use of projects: the link to a project's page in the customer area. */
export { customerProjectPath } from "./lib/customer-project-path";
