import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll } from "vitest";
import { startTestS3, type TestS3Server } from "@/server/test/s3";
import { describeFileStoreBehaviour } from "./files-suite";

/**
 * The files suite on FILE_STORE=s3, against a real S3-compatible server started for this file:
 * every upload, download, range, refusal and sweep of the database store's run, and "stores
 * nothing" counts the bucket's objects too.
 */
let s3: TestS3Server | undefined;
let client: S3Client | undefined;

describeFileStoreBehaviour(
  "S3",
  async () => {
    s3 = await startTestS3();
    client = new S3Client({ ...s3.config, credentials: { accessKeyId: s3.config.accessKeyId, secretAccessKey: s3.config.secretAccessKey } });
    return s3.env;
  },
  {
    async storedObjects() {
      const listed = await client!.send(new ListObjectsV2Command({ Bucket: s3!.config.bucket }));
      return listed.KeyCount ?? 0;
    },
  },
);

afterAll(async () => {
  client?.destroy();
  await s3?.stop();
});
