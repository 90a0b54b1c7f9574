import { fileAccept, UPLOAD_FIELD } from "@/shared/rules/file";
import { problem } from "@/server/http/openapi";

/**
 * How an upload route declares its body: multipart/form-data with one file in UPLOAD_FIELD. A
 * plain JSON Schema, not zod, on purpose: @hono/zod-openapi would otherwise validate the form by
 * reading the whole body into memory, where the upload streams it (upload.ts).
 */
export const uploadBody = {
  content: {
    "multipart/form-data": {
      schema: {
        type: "object" as const,
        properties: {
          [UPLOAD_FIELD]: {
            type: "string" as const,
            format: "binary",
            description: `Exactly one file. Its type is decided by its content, and must be one of: ${fileAccept}.`,
          },
        },
        required: [UPLOAD_FIELD],
      },
    },
  },
  required: true,
};

/** The refusals of an upload, in place of a JSON body's (http/openapi.ts). */
export const uploadRefusals = {
  413: problem("The file is larger than MAX_UPLOAD_MB (by its Content-Length, or as it arrives); nothing is kept"),
  415: problem("The file's type is not allowed, its content does not match the type it claims, or the body is not multipart/form-data"),
};

export const uploadDescription =
  `multipart/form-data with exactly one file in the field \`${UPLOAD_FIELD}\`. The type is decided from the file's bytes, ` +
  "the name is cleaned of path parts and control characters. 400 for no file, an empty file, a name over 255 characters or more than one file.";
