import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_FIELD } from "@/shared/rules/file";
import { ApiError } from "@/web/lib/api";
import { uploadErrorText, uploadFile } from "./upload-file";

interface Received {
  method: string;
  contentType: string;
  form: FormData;
}

/**
 * A real HTTP server that reads the multipart body the way a server would: what uploadFile sends
 * is checked as received, not as a stubbed fetch saw it.
 */
let server: Server;
let base = "";
let received: Received | undefined;

async function readForm(request: IncomingMessage): Promise<Received> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const contentType = request.headers["content-type"] ?? "";
  const form = await new Request("http://local/", { method: "POST", headers: { "content-type": contentType }, body: Buffer.concat(chunks) }).formData();
  return { method: request.method ?? "", contentType, form };
}

// uploadErrorText's own words come from the catalogue: English, the source language, here.

beforeAll(async () => {
  server = createServer((request, response) => {
    void readForm(request).then((got) => {
      received = got;
      if (request.url === "/refused") {
        response.writeHead(415, { "content-type": "application/problem+json" });
        response.end(JSON.stringify({ type: "about:blank", title: "Unsupported Media Type", status: 415, detail: "This type of file is not allowed." }));
      } else if (request.url === "/proxy-limit") {
        // What a proxy in front of the server may answer: no problem+json at all.
        response.writeHead(413, { "content-type": "text/html" });
        response.end("<html>Request Entity Too Large</html>");
      } else {
        const file = got.form.get(UPLOAD_FIELD) as File;
        response.writeHead(201, { "content-type": "application/json" });
        response.end(JSON.stringify({ id: "f1", name: file.name, size: file.size }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("uploadFile", () => {
  it("sends exactly one file, as multipart in the `file` field, with its name and bytes", async () => {
    const file = new File(["%PDF-1.4 hello"], "Invoice März.pdf", { type: "application/pdf" });
    const answer = await uploadFile(`${base}/ok`, file);
    expect(answer).toEqual({ id: "f1", name: "Invoice März.pdf", size: file.size });
    expect(received?.method).toBe("POST");
    expect(received?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect([...received!.form.keys()]).toEqual([UPLOAD_FIELD]);
    const sent = received!.form.get(UPLOAD_FIELD) as File;
    expect(await sent.text()).toBe("%PDF-1.4 hello");
  });

  it("uses PUT when asked (an invoice's PDF replaces the stored one)", async () => {
    await uploadFile(`${base}/ok`, new File(["%PDF"], "a.pdf"), "PUT");
    expect(received?.method).toBe("PUT");
  });

  it("turns a problem+json refusal into an ApiError whose message is the server's", async () => {
    const error: unknown = await uploadFile(`${base}/refused`, new File(["MZ"], "tool.exe")).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(415);
    expect(uploadErrorText(error)).toBe("This type of file is not allowed.");
  });

  it("still says what went wrong when the refusal has no problem details", async () => {
    const error: unknown = await uploadFile(`${base}/proxy-limit`, new File(["x"], "big.png")).catch((caught: unknown) => caught);
    expect((error as ApiError).status).toBe(413);
    expect(uploadErrorText(error)).toBe("The file is too large");
    expect(uploadErrorText(new TypeError("Failed to fetch"))).toBe("The upload failed");
  });
});
