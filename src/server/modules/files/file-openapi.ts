import { z } from "@hono/zod-openapi";
import { problem } from "@/server/http/openapi";

const binary = { "*/*": { schema: { type: "string" as const, format: "binary" } } };

const fileHeaders = z.object({
  "Content-Disposition": z.string().openapi({ description: "RFC 6266: `inline` for images, else `attachment` (PDFs included); the name as `filename` (ASCII) and `filename*` (UTF-8)" }),
  ETag: z.string().openapi({ description: "The SHA-256 of the file's bytes" }),
  "Accept-Ranges": z.literal("bytes"),
});

/** The answers of a file download (GET /files/{id}, and an invoice's stored PDF). */
export const fileAnswers = {
  200: { description: "The file, with its stored type", headers: fileHeaders, content: binary },
  206: {
    description: "One range of the file (`Range: bytes=a-b`, `a-` or `-n`)",
    headers: fileHeaders.extend({ "Content-Range": z.string().openapi({ description: "`bytes a-b/size`" }) }),
    content: binary,
  },
  416: problem("The range lies beyond the file; `Content-Range` says its size"),
};

export const downloadDescription =
  "Streams the file with its stored type, `X-Content-Type-Options: nosniff`, `Cache-Control: private`, a `sandbox` CSP and an ETag. " +
  "One range (`Range: bytes=…`) answers 206; several ranges or a malformed header get the whole file.";
