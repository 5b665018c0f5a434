const dateTime = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** month/day/year, time with am/pm — the spec's date display for bets and transactions. */
export function formatDateTime(value: string | number | Date): string {
  return dateTime.format(new Date(value));
}
