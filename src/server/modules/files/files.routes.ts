import { fileMessages } from "@/shared/rules/file";
import { createRouter, type AppDeps } from "@/server/http/context";
import { idParams, idRemoval, sessionRoutes } from "@/server/http/openapi";
import { fileResponse } from "./download";
import { downloadDescription, fileAnswers } from "./file-openapi";
import { deleteFile, findDownloadableFile } from "./files.service";
import { withAccessReason } from "../access-log/access-reason-openapi";

const route = sessionRoutes("Files");

const download = route.get("/{id}", "getFile", "Download a stored file", [400, 401, 404], withAccessReason({
  description: `${downloadDescription} 404 (${fileMessages.notFound}) for anyone who may not see the record the file belongs to.`,
  request: { params: idParams },
  responses: fileAnswers,
}));

const remove = route.delete("/{id}", "deleteFile", "Delete a file (its uploader or an admin)", [400, 401, 403, 404], {
  description: "Removes the file from its record; another user who can see it gets 403, anyone else 404. Announces the change of its record.",
  ...idRemoval("Deleted"),
});

export function fileRoutes({ files }: Pick<AppDeps, "files">) {
  return createRouter()
    .openapi(download, async (c) => fileResponse(c, files, await findDownloadableFile(c.var.ctx, c.req.valid("param").id)))
    .openapi(remove, async (c) => {
      await deleteFile(c.var.ctx, c.req.valid("param"));
      return c.body(null, 204);
    });
}
