import { z } from "zod";

/** An admin selectable as a project's responsible team member (spec section 6, D2). */
export const teamMemberSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamSchema = z.array(teamMemberSchema);
