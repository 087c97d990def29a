/**
 * A moment in the viewer's own time zone, with the zone named: "21 Nov 2026, 14:03 CET"
 * (some zones are named by offset, "GMT+1").
 */
export function formatTime(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** The viewer's time zone as the browser names it ("Europe/Berlin"). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
