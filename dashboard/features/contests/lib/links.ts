/** The server's calendar file for one contest (a download: the browser saves it, a calendar app opens it). */
export const contestCalendarHref = (contestId: string) => `/question-tracker/v1/contests/${encodeURIComponent(contestId)}/calendar.ics`;

/** Links from judges' answers are shown only when they are web addresses (never javascript: or data:). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
