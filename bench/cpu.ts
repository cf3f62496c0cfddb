/** This machine's CPU accounts, read from Linux's /proc: what the benchmark's figures cost, and who paid. */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux counts CPU time in clock ticks of 10 ms (USER_HZ) in /proc. */
const TICK_MS = 10;

/** The machine's CPU time so far by kind, in milliseconds (Linux /proc/stat), or null elsewhere. */
export function cpuTimes(): { busy: number; idle: number; steal: number } | null {
  try {
    const [, user, nice, system, idle, iowait, irq, softirq, steal] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).map(Number);
    if (steal === undefined || Number.isNaN(steal)) return null;
    return { busy: (user! + nice! + system! + irq! + softirq!) * TICK_MS, idle: (idle! + iowait!) * TICK_MS, steal: steal * TICK_MS };
  } catch {
    return null;
  }
}

/**
 * CPU time used so far by the PostgreSQL processes on this machine (the backends serving the API's pools
 * among them, and those that have ended, through the server process's account of its children), from
 * Linux's /proc; null where there is none to read.
 */
export function postgresCpuMs(): number | null {
  let ticks = 0;
  let seen = false;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    // After the name: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime.
    const fields = stat.slice(close + 2).split(' ');
    ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
    seen = true;
  }
  return seen ? ticks * TICK_MS : null;
}
