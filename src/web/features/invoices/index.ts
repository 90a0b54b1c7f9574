/* What other features use of invoices: the priced-lines table and its totals, which a quote and a recurring invoice show too. */
export { LinesTable, type PricedLine } from "./components/invoice-lines-table";
export { TotalsList } from "./components/totals-list";
