import type { Config } from '../config';
import type { Db } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import type { JudgeClient } from '../services/judge-client';
import type { UserRow } from '../services/auth';
import type { ThrottleStore } from '../services/login-throttle';
import type { PasswordHasher } from '../services/passwords';
import type { SheetConfigs, SheetLists } from '../services/sheet-cache';
import type { Clock } from './clock';
import type { KeptAnswers } from './kept-answers';
import type { Mailer } from './mail';
import type { MemoryCaches } from './memory-cache';

export interface Deps {
  db: Db;
  config: Config;
  clock: Clock;
  caches: MemoryCaches;
  kept: KeptAnswers;
  /** The sheets' question lists by content version (services/sheet-cache). */
  sheetLists: SheetLists;
  /** The sheets' configs by row version (services/sheet-cache). */
  sheetConfigs: SheetConfigs;
  throttle: ThrottleStore;
  passwords: PasswordHasher;
  /** Background jobs (judge account and contest refreshes). */
  jobs: JobQueue;
  /** The one way requests reach the judges (their origins and rate limits). */
  judgeClient: JudgeClient;
  /** Outgoing e-mail (reset links, invites); off without SMTP_URL. */
  mailer: Mailer;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    user: UserRow | null;
    token: string | null;
    /** Taken when the request began, before any read (see MemoryCaches.ticket). */
    readTicket: number;
  };
}
