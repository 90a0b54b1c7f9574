/**
 * Whether an invoice is issued (contract: unpaid, paid or void), so its PDF is made once and kept.
 * Every status is issued until drafts exist; typed as a string so this line does not change when
 * the status type gains "draft".
 */
export const isIssued = (status: string): boolean => status !== "draft";
