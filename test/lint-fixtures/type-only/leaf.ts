import type { Tree } from "@/type-only/tree";

export type Leaf = { tree: Tree | null };
