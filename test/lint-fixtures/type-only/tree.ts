import { type Leaf } from "./leaf";

export type Tree = { leaves: Leaf[] };
export const emptyTree = (): Tree => ({ leaves: [] });
