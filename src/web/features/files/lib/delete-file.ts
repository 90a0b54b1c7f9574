import { fileHref } from "./file-href";
import { fileRequest } from "./upload-file";

/** DELETE /api/files/{id}: the uploader's or an admin's; 403 for others who can see it. */
export async function deleteFile(id: string): Promise<void> {
  await fileRequest(fileHref(id), "DELETE");
}
