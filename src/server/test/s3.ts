import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { S3StoreConfig } from "@/server/modules/files/store/s3-store";

export interface TestS3Server {
  config: S3StoreConfig;
  /** The same settings as the server's environment reads them (FILE_STORE=s3). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free loopback port, its bucket in a temporary
 * folder: the S3 store is tested against the protocol, not a stand-in for the SDK.
 */
export async function startTestS3(): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), "portico-s3-"));
  const bucket = "portico-test";
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  // s3rver accepts exactly these credentials.
  const config: S3StoreConfig = {
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  return {
    config,
    env: {
      FILE_STORE: "s3",
      S3_ENDPOINT: config.endpoint!,
      S3_REGION: config.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
