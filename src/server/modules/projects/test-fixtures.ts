import type { Project } from "../../../shared/schemas/project";
import type { TestUser } from "../../test/harness";

/** Creates a project through the admin API and fails loudly if that does not work. */
export async function createProject(admin: TestUser, companyId: string, body: Record<string, unknown> = {}): Promise<Project> {
  const response = await admin.client.post("/api/projects", { companyId, name: "Website Redesign", ...body });
  if (response.status !== 201) throw new Error(`project setup failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
