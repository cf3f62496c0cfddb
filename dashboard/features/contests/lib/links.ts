/** The server's calendar file for one contest (a download: the browser saves it, a calendar app opens it). */
export const contestCalendarHref = (contestId: string) => `/question-tracker/v1/contests/${encodeURIComponent(contestId)}/calendar.ics`;

/** Every upcoming contest (of one judge when given) as one calendar file. */
export const allContestsHref = (platform: string | null) => `/question-tracker/v1/contests.ics${platform ? `?platform=${encodeURIComponent(platform)}` : ''}`;
