import type { Database } from "@/server/db/client";
import type { Env } from "@/server/env";
import { databaseFileStore } from "./database-store";
import type { FileStore } from "./file-store";

export type { ByteRange, FileStore } from "./file-store";

/**
 * The store FILE_STORE names (ADR 022); the rest of the code sees only the FileStore interface.
 * The S3 client is loaded only when it is configured: a database-store installation never loads
 * the AWS SDK. loadEnv has checked that the S3 settings are there.
 */
export async function createFileStore(env: Env, db: Database): Promise<FileStore> {
  if (env.FILE_STORE === "s3") {
    const { s3FileStore } = await import("./s3-store");
    return s3FileStore({
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET!,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return databaseFileStore(db);
}
