/** Today in the admin's own time zone, as a date input wants it (YYYY-MM-DD). */
export const localToday = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
