// How contests are shown, the same in the dashboard and the extension's popup.

/** "LeetCode could not be reached at 10:42; showing what was known": the time in the reader's clock. */
export function unreachableMessage(judge: string, failedAt: string, locale?: string): string {
  const time = new Date(failedAt).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  return `${judge} could not be reached at ${time}; showing what was known`;
}

/** 2 h 15 min, 90 min, 3 days */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours >= 48 && rest === 0 && hours % 24 === 0) return `${hours / 24} days`;
  if (hours >= 48) return `${Math.round(hours / 24)} days`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** The time left until `ms` away, to the second: "04:12:09", with the days in front beyond a day ("3d 04:12:09"). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(h)}:${pad(m)}:${pad(s)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

export type ContestPhase = 'upcoming' | 'running' | 'over';

export function contestPhase(startsAt: string, durationSeconds: number, now: number): ContestPhase {
  const start = Date.parse(startsAt);
  if (now < start) return 'upcoming';
  return now < start + durationSeconds * 1000 ? 'running' : 'over';
}

/** Wed, 26 Nov, 20:05 GMT+5:30 in the viewer's own zone and language. */
export function formatStart(startsAt: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone }).format(new Date(startsAt));
}

/** Links from judges' answers are shown only when they are web addresses (never javascript: or data:). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
