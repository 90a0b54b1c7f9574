import { randomBytes, randomUUID } from "node:crypto";
import { buffer } from "node:stream/consumers";
import { HeadObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3Server } from "@/server/test/s3";
import { s3FileStore } from "./s3-store";

/**
 * The S3 store against a real S3-compatible server. What the routes do with any store is the
 * files suite's (files-s3.test.ts runs it on this store); this file holds what only S3 has:
 * multipart parts, and objects that must not outlive a failed upload.
 */
describe("S3 file store", () => {
  let s3: TestS3Server;
  let store: ReturnType<typeof s3FileStore>;

  beforeAll(async () => {
    s3 = await startTestS3();
    store = s3FileStore(s3.config);
  });
  afterAll(async () => {
    store?.client.destroy();
    await s3?.stop();
  });

  async function* inPieces(bytes: Buffer, size: number) {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  }

  const keys = async () => (await store.client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }))).Contents?.map((o) => o.Key) ?? [];

  it("stores a file larger than one part and gives back the same bytes, whole and by range", async () => {
    const id = randomUUID();
    const bytes = randomBytes(11 * 1024 * 1024 + 123);
    await store.put(id, inPieces(bytes, 64 * 1024));
    expect((await buffer(await store.get(id))).equals(bytes)).toBe(true);
    const range = { start: 5 * 1024 * 1024 - 10, end: 5 * 1024 * 1024 + 9 };
    expect((await buffer(await store.get(id, range))).equals(bytes.subarray(range.start, range.end + 1))).toBe(true);
  });

  it("leaves no object behind when the body fails part-way", async () => {
    const id = randomUUID();
    async function* failing() {
      yield randomBytes(6 * 1024 * 1024);
      throw new Error("client went away");
    }
    await expect(store.put(id, failing())).rejects.toThrow("client went away");
    await expect(store.client.send(new HeadObjectCommand({ Bucket: s3.config.bucket, Key: id }))).rejects.toMatchObject({ name: "NotFound" });
    expect(await keys()).not.toContain(id);
  });

  it("deletes what it is asked to, and takes ids without an object in its stride", async () => {
    const [kept, gone] = [randomUUID(), randomUUID()];
    await store.put(kept, inPieces(Buffer.from("kept"), 2));
    await store.put(gone, inPieces(Buffer.from("gone"), 2));
    await store.delete([gone, randomUUID()]);
    const now = await keys();
    expect(now).toContain(kept);
    expect(now).not.toContain(gone);
  });
});
