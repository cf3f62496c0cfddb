import type { Contest } from '@shared/schemas/contest';

/** RFC 5545 text: backslash, semicolon and comma escaped, line breaks as \n. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n|\r/g, '\\n');
}

/** 20261125T170000Z */
export function icsDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 §3.1), never inside a character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + n > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** One contest as a calendar file: times in UTC, so every calendar shows them in its own zone. */
export function contestIcs(contest: Contest, now: Date = new Date()): string {
  const start = new Date(contest.startsAt);
  const end = new Date(start.getTime() + contest.durationSeconds * 1000);
  const uid = `${contest.id.replace(/[^A-Za-z0-9._-]/g, '-')}@practice-tracker`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Practice Tracker//Contests//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${icsDate(now)}`,
    `DTSTART:${icsDate(start)}`,
    `DTEND:${icsDate(end)}`,
    `SUMMARY:${icsText(contest.name)}`,
    ...(isHttpUrl(contest.url) ? [`URL:${icsText(contest.url)}`, `DESCRIPTION:${icsText(`Register: ${contest.url}`)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** A file name a person recognises, safe on every system. */
export function icsFileName(contest: Contest): string {
  const base = contest.name.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).toLowerCase();
  return `${base || 'contest'}.ics`;
}
