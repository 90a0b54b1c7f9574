import { api } from "@/web/lib/api";

/** DELETE /api/files/{id}: the uploader's or an admin's; 403 for others who can see it. */
export const deleteFile = (id: string) => api.delete("/files/:id", { param: { id } });
