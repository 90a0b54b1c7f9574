import { lazy, Suspense, type ReactNode } from "react";

/*
 * The team tools (team-tools.tsx) as lazy components: fetched the first time an owner's or an
 * admin's Team section renders them, never for a member, who only sees the lists.
 */
const tools = () => import("./team-tools");

export const InviteMemberDialog = lazy(() => tools().then((module) => ({ default: module.InviteMemberDialog })));
export const MemberActions = lazy(() => tools().then((module) => ({ default: module.MemberActions })));
export const InvitationActions = lazy(() => tools().then((module) => ({ default: module.InvitationActions })));

/** Holds the place of a tool while its module loads: the list around it shows at once. */
export function TeamTool({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
