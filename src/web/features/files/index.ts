/** What other features may use of files: picking, uploading and showing attachments. */
export { useUploads } from "./api/use-uploads";
export { AttachmentList } from "./components/attachment-list";
export { FilePicker } from "./components/file-picker";
export { UploadStatus } from "./components/upload-status";
export { fileHref } from "./lib/file-href";
export { formatFileSize } from "./lib/file-size";
export type { FailedUpload, UploadOutcome } from "./lib/upload-each";
export { fileRequest, uploadErrorText, uploadFile } from "./lib/upload-file";
