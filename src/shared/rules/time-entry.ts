/**
 * Limits and messages of tracked time (issue 42, ADR 047), zod-free: the server's schemas and the
 * web's time form both read them, so a rule is written once.
 */

/** A day holds 24 hours: more on one entry is a typing error. */
export const MINUTES_MAX = 1440;
export const TIME_DESCRIPTION_MAX = 500;
/** A monthly budget of hours, whole hours; a month has at most 744. */
export const MONTHLY_HOURS_MAX = 744;

export const timeEntryMessages = {
  chooseProject: "Choose a project",
  chooseTicket: "Choose a ticket of this project",
  workDate: "Date must be a date (YYYY-MM-DD)",
  minutes: `Minutes must be a whole number from 1 to ${MINUTES_MAX}`,
  descriptionRequired: "Description is required",
  descriptionTooLong: `Description must be at most ${TIME_DESCRIPTION_MAX} characters`,
  rate: "Rate must be an amount such as 95 or 95.50",
  rateMissing: "Enter a rate: the project has no hourly rate",
  billed: "Billed time cannot change: void its invoice first",
  monthlyHours: `Monthly budget must be a whole number of hours from 1 to ${MONTHLY_HOURS_MAX}`,
  period: "End date cannot be before the start date",
  nothingToInvoice: "No unbilled billable time in this period",
} as const;

/** Whether `minutes` is a whole number a day can hold; the form and the server's schema ask the same. */
export const isLoggableMinutes = (minutes: number) => Number.isInteger(minutes) && minutes >= 1 && minutes <= MINUTES_MAX;

/** Hours as an invoice line's quantity: exact to the thousandth of an hour (3.6 seconds), which the line's column holds. */
export const hoursOf = (minutes: number) => (Math.round((minutes / 60) * 1000) / 1000).toFixed(3).replace(/\.?0+$/, "");

