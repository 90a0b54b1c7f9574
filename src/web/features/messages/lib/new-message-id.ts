import { randomUuid } from "@/web/lib/random-uuid";

/**
 * A client-generated message id (UUID v4): sending it again after a lost answer returns the stored
 * message instead of a second one.
 */
export const newMessageId = (): string => randomUuid();
