import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestServer } from "./harness";

/** The document the server serves at /api/openapi.json, as served, in a new temporary folder. */
export async function writeServedDocument(server: TestServer): Promise<{ dir: string; file: string; text: string }> {
  const response = await fetch(new URL("/api/openapi.json", server.baseUrl));
  if (response.status !== 200) throw new Error(`GET /api/openapi.json answered ${response.status}`);
  const text = await response.text();
  const dir = await mkdtemp(join(tmpdir(), "portico-openapi-"));
  const file = join(dir, "openapi.json");
  await writeFile(file, text);
  return { dir, file, text };
}
