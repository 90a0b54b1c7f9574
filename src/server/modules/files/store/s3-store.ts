import type { FileStore } from "./file-store";

export interface S3StoreConfig {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Placeholder until the S3 store lands (ADR 022): FILE_STORE=s3 fails at start-up, loudly. */
export function s3FileStore(_config: S3StoreConfig): FileStore {
  throw new Error("FILE_STORE=s3: the S3 store is not yet available in this build");
}
