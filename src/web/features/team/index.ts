/** What other features may use of the team: the admins who can be made responsible for a project. */
export { useTeam } from "./api/use-team";
export { AssigneeSelect } from "./components/assignee-select";
