import { Readable } from "node:stream";
import { DeleteObjectsCommand, GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { ByteRange, FileStore } from "./file-store";

export interface S3StoreConfig {
  /** An S3-compatible server's address; unset for AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path rather than the host name, as most self-hosted S3 servers need. */
  forcePathStyle: boolean;
}

/** S3 takes at most 1,000 keys per DeleteObjects request. */
const DELETE_BATCH = 1000;

/**
 * Parts of 5 MiB (S3's smallest), two in flight: an upload holds at most ~10 MiB of a file in
 * memory however large the file is, and a file under 5 MiB goes up in one PutObject.
 */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** Bytes in an S3-compatible bucket under the file's id (ADR 022), for large installations. */
export function s3FileStore(config: S3StoreConfig): FileStore & { readonly client: S3Client } {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const Bucket = config.bucket;

  return {
    kind: "s3",
    client,

    async put(id, body) {
      // Remembered so the caller hears why the body failed (too large, client gone), not the
      // abort that followed it.
      let bodyError: unknown;
      async function* watched() {
        try {
          yield* body;
        } catch (error) {
          bodyError = error;
          throw error;
        }
      }
      const upload = new Upload({
        client,
        params: { Bucket, Key: id, Body: Readable.from(watched()) },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        // A failed multipart upload is aborted, so no parts are left behind to be billed.
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // Nothing of a failed upload may stay readable, whichever step failed.
        await deleteKeys([id]).catch(() => undefined);
        throw bodyError ?? error;
      }
    },

    async get(id, range?: ByteRange) {
      const answer = await client.send(
        new GetObjectCommand({ Bucket, Key: id, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered no readable body for file ${id}`);
      return answer.Body;
    },

    delete: deleteKeys,
  };

  async function deleteKeys(ids: readonly string[]) {
    for (let at = 0; at < ids.length; at += DELETE_BATCH) {
      const Objects = ids.slice(at, at + DELETE_BATCH).map((Key) => ({ Key }));
      // S3 treats a key that is not there as deleted, so a repeated sweep is harmless.
      const answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      if (answer.Errors?.length) throw new Error(`S3 did not delete ${answer.Errors.length} file(s): ${answer.Errors[0]?.Code ?? "unknown"}`);
    }
  }
}
