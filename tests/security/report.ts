/**
 * Figures for `npm run test:security`. A security test calls reportSecurity once per check with what it
 * counted; the figures go to the file named by SECURITY_REPORT_FILE (one JSON object a line) when that is
 * set, and nowhere otherwise, so the same tests run unchanged inside `npm test`.
 */
import { appendFileSync } from 'node:fs';

export interface SecurityFigures {
  /** The check, as the summary table names it: "access matrix", "fuzzing", "SIGKILL durability", ... */
  check: string;
  /** How many cases (requests, payloads, kill cycles) it ran. */
  cases: number;
  /** Answers that showed or changed something the actor may not see or change. */
  leaks?: number;
  /** Acknowledged writes missing afterwards. */
  lostWrites?: number;
  /** 5xx answers. */
  serverErrors?: number;
  /** XSS payloads that ran script. */
  payloadsExecuted?: number;
}

export const databaseKind = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

export function reportSecurity(figures: SecurityFigures, database: string = databaseKind()): void {
  const file = process.env.SECURITY_REPORT_FILE;
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ ...figures, database })}\n`);
}
