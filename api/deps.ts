import type { Config } from './config';
import type { GithubFetch } from './github/client';
import type { Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { KeptSheetAnswer } from './lib/kept-answers';
import type { Mailer } from './lib/mail';
import type { MemoryCaches, TaggedCache } from './lib/memory-cache';
import type { SessionUser } from './lib/session-user';
import type { Clock } from './lib/clock';
import type { KeptStandings } from './services/access';
import type { JudgeClient } from './services/judge-client';
import { gridFrameBytes, gridRowBytes, type GridFrame, type GridRow } from './services/group-assignments';
import { boardBytes, type Board } from './services/leaderboard';
import type { ThrottleStore } from './services/login-throttle';
import type { PasswordHasher } from './services/passwords';
import type { SheetConfigs, SheetLists } from './services/sheet-cache';

// The app's dependencies, made once by createApp and handed to every route. Services take the part they
// need (their own *Deps types), never this whole, so that they do not depend on the app.

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
  /** How GitHub is reached for exports (tests hand in the fake); fetch when absent. */
  githubFetch?: GithubFetch;
}

/**
 * What the API keeps in memory between requests (see MemoryCaches): sessions by token hash, and the
 * sheet page's answers per viewer. Both are dropped as the database announces changes.
 */
export interface KeptAnswers {
  sessions: TaggedCache<SessionUser>;
  sheets: TaggedCache<KeptSheetAnswer>;
  /** The leaderboard's whole-site boards by metric (services/leaderboard). */
  boards: TaggedCache<Board>;
  /** Viewers' standings in the sheets they read or ticked in, by sheet, for their next ticks (services/access.markTarget). */
  standings: TaggedCache<KeptStandings>;
  /** Class grids' questions and members, by assignment (services/group-assignments). */
  gridFrames: TaggedCache<GridFrame>;
  /** Each member's row of a class grid, by assignment and member, dropped by that member's records. */
  gridRows: TaggedCache<GridRow>;
}

/**
 * Bounded so that, with the sheets' lists, an API process stays small however many viewers it serves;
 * past it, a viewer's read costs two indexed lookups again.
 */
const KEPT_SHEETS_BYTES = 32 * 1024 * 1024;

export function createKeptAnswers(caches: MemoryCaches): KeptAnswers {
  return {
    sessions: caches.create<SessionUser>({ maxBytes: 16 * 1024 * 1024, sizeOf: () => 1024 }),
    sheets: caches.create<KeptSheetAnswer>({ maxBytes: KEPT_SHEETS_BYTES, sizeOf: (a) => a.head.byteLength + a.tail.byteLength + 256 }),
    // Four metrics of 100,000 opted-in users each are about 64 MB; past that a board is read per request.
    boards: caches.create<Board>({ maxBytes: 32 * 1024 * 1024, sizeOf: boardBytes }),
    // A viewer's standing is an entry in their sheet's map (their user id and a shared relation): about
    // 100,000 viewers' in 8 MB.
    standings: caches.create<KeptStandings>({ maxBytes: 8 * 1024 * 1024, sizeOf: (s) => 512 + s.relations.size * 80 }),
    // A 200 × 450 grid is about 100 KB kept: some hundred busy grids in 16 MB.
    gridFrames: caches.create<GridFrame>({ maxBytes: 4 * 1024 * 1024, sizeOf: gridFrameBytes }),
    gridRows: caches.create<GridRow>({ maxBytes: 12 * 1024 * 1024, sizeOf: gridRowBytes }),
  };
}
