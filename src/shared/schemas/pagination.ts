import { z } from "zod";
import { storable } from "./text";

export const DEFAULT_PAGE_SIZE = 50;

/** Query of every paginated list: page numbers from 1, newest first unless asked otherwise. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
  q: storable(z.string().trim().max(200)).optional(),
  sort: z.enum(["asc", "desc"]).default("desc"),
});

/** A page of `item`, with the total row count (from one aggregate query) for the pager. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    /** Exact up to 10,000 rows; beyond that `totalExact` is false and `total` a lower bound. */
    total: z.number().int().min(0),
    totalExact: z.boolean(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

/** A page of a keyset list (ADR 033) newest first, which goes on from `nextCursor`: no page numbers, no total. */
export function cursorPageOf<T extends z.ZodType>(item: T) {
  return z.object({
    /** Newest first. */
    items: z.array(item),
    /** Pass as `cursor` for the next (older) page; null on the last one. */
    nextCursor: z.string().nullable(),
  });
}

export interface Page<T> {
  items: T[];
  total: number;
  totalExact: boolean;
  page: number;
  pageSize: number;
}

/** Where a keyset list (the audit log, activity) goes on: the `nextCursor` of the previous page; opaque. */
export const keysetCursorSchema = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, "Use the nextCursor of the previous page")
  .optional();
