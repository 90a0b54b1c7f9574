import { quantityProblem, taxRateProblem, unitPriceProblem, type LineInput } from "@/shared/rules/money";

/** One line as the editor's inputs hold it: text, so what the admin typed is checked exactly. */
export interface LineFormValues {
  description: string;
  quantity: string;
  unitPrice: string;
  /** Percent; "" is no tax. */
  taxRate: string;
}

export const emptyLine = (): LineFormValues => ({ description: "", quantity: "1", unitPrice: "", taxRate: "" });

/**
 * The lines the totals preview may add up: those whose figures are all valid. A line still being
 * typed counts as nothing until it is, rather than making big.js throw on "1.".
 */
export function countableLines(lines: readonly LineFormValues[]): LineInput[] {
  return lines
    .map((line) => ({ quantity: line.quantity.trim(), unitPrice: line.unitPrice.trim(), taxRate: line.taxRate.trim() || null }))
    .filter((line) => !quantityProblem(line.quantity) && !unitPriceProblem(line.unitPrice) && !taxRateProblem(line.taxRate));
}
