/** What other features and routes may use of record histories. */
export { EarlierHistory, HistoryLine, useRecordHistory } from "./components/record-history";
export { RecordActivityCard } from "./components/record-activity-card";
export { CompanyActivityCard } from "./components/company-activity-card";
export type { ActivityTarget } from "./api/use-activity";
