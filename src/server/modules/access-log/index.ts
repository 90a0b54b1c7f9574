/** What other modules use of the access log (ADR 050): recording staff reads of a company's records. */
export { noteListReads, noteReads } from "./access-reads";
export { noteRecordRead } from "./access-reason";
export type { AccessRef } from "./access-writes";
