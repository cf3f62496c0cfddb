import { Hono, type Context } from 'hono';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { bodyLimit } from 'hono/body-limit';
import { limitJsonBody, mediaType } from './lib/json-body';
import { cors } from 'hono/cors';
import { AVATAR_MAX_BYTES, PROFILE_MESSAGES } from '../shared/rules/account';
import type { Config } from './config';
import { noChangeFeed, type ChangeFeed } from './db/change-feed';
import type { Db } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { sessionForToken } from './services/auth';
import { createPasswordHasher } from './services/passwords';
import { createKeptAnswers, type Deps } from './deps';
import type { AppEnv } from './lib/env';
import { AppError, CLIENT_CLOSED, clientAborted } from './lib/errors';
import { keptSheetAnswers, SHEET_PATHS } from './lib/kept-answers';
import { MemoryCaches } from './lib/memory-cache';
import { defaultHeader } from './lib/default-headers';
import { securityHeaders } from './lib/security-headers';
import { refuseNul } from './lib/no-nul';
import { requestIds } from './lib/request-id';
import { session } from './lib/session';
import { authRoutes } from './routes/auth';
import { collaboratorRoutes } from './routes/collaborators';
import { healthRoutes } from './routes/health';
import { analyticsRoutes } from './routes/analytics';
import { notesRoutes } from './routes/notes';
import { profileRoutes } from './routes/profiles';
import { AVATAR_UPLOAD_PATH, profileSettingsRoutes } from './routes/profile-settings';
import { progressImportRoutes } from './routes/progress-import';
import { questionRoutes } from './routes/questions';
import { sheetImportRoutes } from './routes/sheet-import';
import { postgresThrottle, type ThrottleStore } from './services/login-throttle';
import { sheetListRoutes } from './routes/sheet-lists';
import { sheetTreeRoutes } from './routes/sheet-tree';
import { sheetRoutes } from './routes/sheets';
import { reviewRoutes } from './routes/review';
import { SOLUTION_MESSAGES } from '../shared/rules/solutions';
import { SOLUTIONS_MAX_BODY_BYTES, SOLUTIONS_PATH, solutionRoutes } from './routes/solutions';
import { SYNC_IMPORT_PATH, syncRoutes } from './routes/sync';
import { workspaceRoutes } from './routes/workspace';
import { calendarFeedRoutes } from './routes/calendar-feed';
import { contestRoutes } from './routes/contests';
import { judgeAccountRoutes } from './routes/judge-accounts';
import { groupRoutes } from './routes/groups';
import { leaderboardRoutes } from './routes/leaderboard';
import { practiceRoutes } from './routes/practice';
import { downloadRoutes } from './routes/downloads';
import { exportRoutes } from './routes/exports';
import type { GithubFetch } from './github/client';
import { manualQueue } from './jobs/queue';
import type { JobQueue } from './jobs/queue';
import { jobHandlers } from './jobs/handlers';
import { createJudgeClient, databaseTurns, type JudgeFetch } from './services/judge-client';
import { createSheetConfigs, createSheetLists, type SheetLists } from './services/sheet-cache';
import { mountDashboard } from './static';
import { createMailer, noMailer, smtpTransport, type Mailer } from './lib/mail';

/** Request bodies above this are refused before they are read whole (uploads are limited to 1 MB by the spec). */
const MAX_BODY_BYTES = 1024 * 1024 + 64 * 1024;
const SYNC_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Methods that read: no request body, nothing to settle afterwards. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

function envelope(code: number, error: string | null, message: string, data: unknown = null) {
  return { status: { code, success: code < 400, error, message }, data };
}

/**
 * The API. `changes` is the database's change feed (Database.changes): with it the app keeps sessions and
 * sheet answers in memory and drops them as the database announces changes; without it, it reads every time.
 */
export function createApp({
  db,
  config,
  clock = systemClock,
  changes = noChangeFeed,
  throttle = postgresThrottle(db),
  jobs = manualQueue(),
  judgeFetch,
  githubFetch,
  runJobs = false,
  mailer,
  sheetLists = createSheetLists(),
}: {
  db: Db;
  config: Config;
  clock?: Clock;
  changes?: ChangeFeed;
  /** Where failed sign-ins are counted: PostgreSQL unless given (Redis with REDIS_URL, see server.ts). */
  throttle?: ThrottleStore;
  /** Where refreshes are queued: pg-boss in the server (serve.ts); by default a queue nothing runs. */
  jobs?: JobQueue;
  /** How judges are reached: fetch unless given (tests hand in the fake judge). */
  judgeFetch?: JudgeFetch;
  /** How GitHub is reached for exports: fetch unless given (tests hand in the fake GitHub). */
  githubFetch?: GithubFetch;
  /** Start `jobs`' workers in this process with the app's own dependencies. */
  runJobs?: boolean;
  /** Outgoing e-mail: from SMTP_URL unless given; none without it. */
  mailer?: Mailer;
  /** The sheets' question lists (tests hand in their own to let lists go). */
  sheetLists?: SheetLists;
}) {
  const caches = new MemoryCaches(changes);
  const judgeClient = createJudgeClient({ origins: config.judgeOrigins, intervalsMs: config.judgeIntervalsMs, timeoutMs: config.judgeTimeoutMs, clock, turns: databaseTurns(db), ...(judgeFetch && { fetch: judgeFetch }) });
  const log = (line: Record<string, unknown>) => {
    if (config.logLevel === 'info' || (config.logLevel === 'error' && line.level === 'error')) {
      console.log(JSON.stringify({ time: clock.now().toISOString(), ...line }));
    }
  };
  const outgoing =
    mailer ??
    (config.smtpUrl
      ? createMailer({ transport: smtpTransport(config.smtpUrl), from: config.mailFrom, onError: (err) => log({ level: 'error', mail: 'could not send an e-mail', error: String(err) }) })
      : noMailer);
  const deps: Deps = { db, config, clock, caches, kept: createKeptAnswers(caches), sheetLists, sheetConfigs: createSheetConfigs(), throttle, passwords: createPasswordHasher(config), jobs, judgeClient, mailer: outgoing, ...(githubFetch && { githubFetch }) };

  if (runJobs) {
    jobs.start(jobHandlers(deps)).catch((err: unknown) => log({ level: 'error', jobs: 'could not start the job queue', error: String(err) }));
  }

  // The router that compiles every route into one regular expression: several times quicker a request than
  // the trie it otherwise falls back to, silently, at the first route it cannot take (a static segment beside
  // a parameter in the same place). Declared, such a route fails here instead.
  const app = new Hono<AppEnv>({ router: new RegExpRouter() });
  if (config.logLevel === 'info') {
    app.use(async (c, next) => {
      const start = performance.now();
      await next();
      const aborted = c.res.status === CLIENT_CLOSED ? { aborted: true } : {};
      log({ level: 'info', id: c.get('requestId'), method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - start), ...aborted });
    });
  }
  // Before the request id is set on the context: a kept answer carries its id in its own header record.
  app.use(keptSheetAnswers(deps));
  app.use(requestIds());
  app.use(securityHeaders());
  const allowCrossOrigin = cors({
    origin: (origin) => (config.corsOrigins.includes(origin) ? origin : null),
    allowHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
    allowMethods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    exposeHeaders: ['ETag', 'Retry-After'],
    maxAge: 600,
  });
  // Only a request with an Origin has anything to negotiate; the rest just say the answer depends on it
  // (said up front, so the answer is not rebuilt afterwards, see securityHeaders).
  app.use((c, next) => {
    if (c.req.header('origin') !== undefined) return allowCrossOrigin(c, next);
    defaultHeader(c, 'Vary', 'Origin');
    return next();
  });
  const tooLarge = (message: string) => (c: Context) => c.json(envelope(413, 'PayloadTooLarge', message), 413);
  const fileTooLarge = tooLarge('File size should be less than 1 MB');
  const limitBody = limitJsonBody(MAX_BODY_BYTES, fileTooLarge, bodyLimit({ maxSize: MAX_BODY_BYTES, onError: fileTooLarge }));
  // A history chunk (5,000 submissions with names and topics) may be larger than a file upload.
  const syncTooLarge = tooLarge('The request body is too large');
  const limitSyncBody = limitJsonBody(SYNC_MAX_BODY_BYTES, syncTooLarge, bodyLimit({ maxSize: SYNC_MAX_BODY_BYTES, onError: syncTooLarge }));
  // Kept code: its own limit and message, so a body with too much code is told what the limit is.
  const solutionTooLarge = tooLarge(SOLUTION_MESSAGES.tooLarge);
  const limitSolutionBody = limitJsonBody(SOLUTIONS_MAX_BODY_BYTES, solutionTooLarge, bodyLimit({ maxSize: SOLUTIONS_MAX_BODY_BYTES, onError: solutionTooLarge }));
  // An avatar may be up to 2 MB (AVATAR_MAX_BYTES), plus room for the form around it.
  const limitAvatarBody = bodyLimit({ maxSize: AVATAR_MAX_BYTES + 64 * 1024, onError: tooLarge(PROFILE_MESSAGES.avatarTooLarge) });
  // Only requests that carry a body are measured: looking for one makes the Node adapter build a full
  // Request object, which a read does not otherwise need.
  app.use((c, next) => {
    if (READS.has(c.req.method)) return next();
    if (c.req.path === SYNC_IMPORT_PATH) return limitSyncBody(c, next);
    if (c.req.path === AVATAR_UPLOAD_PATH) return limitAvatarBody(c, next);
    if (c.req.path === SOLUTIONS_PATH) return limitSolutionBody(c, next);
    return limitBody(c, next);
  });
  // JSON write endpoints take JSON only; the uploaders take multipart forms.
  app.use(async (c, next) => {
    const m = c.req.method;
    // By HTTP's rules a request has a body only with a non-zero Content-Length or a Transfer-Encoding.
    const length = Number(c.req.header('content-length') ?? 0);
    const hasBody = length > 0 || !!c.req.header('transfer-encoding');
    if ((m === 'POST' || m === 'PATCH' || m === 'PUT') && hasBody) {
      const type = mediaType(c);
      const upload = c.req.path.startsWith('/question-tracker/v1/user/uploader/');
      const allowed = upload ? type === 'multipart/form-data' : type === 'application/json';
      if (!allowed) {
        return c.json(envelope(415, 'UnsupportedMediaType', upload ? 'Please select a file' : 'Send the request body as JSON (Content-Type: application/json)'), 415);
      }
    }
    await next();
  });
  app.use(refuseNul());
  // A write answers only after its own changes have reached the caches of this process and of every
  // other process that may answer from memory (db/change-feed), so no later read meets the old answer.
  app.use(async (c, next) => {
    await next();
    if (!READS.has(c.req.method)) await deps.caches.settle();
  });
  app.use(session(deps, (hash) => sessionForToken(deps, hash)));

  const routes = app
    .route('/auth/v1', authRoutes(deps))
    .route('/healthz', healthRoutes(deps))
    .route('/question-tracker/v1/question', questionRoutes(deps))
    .route('/question-tracker/v1/user/question', workspaceRoutes(deps))
    .route('/question-tracker/v1/user/analytics', analyticsRoutes(deps))
    .route('/question-tracker/v1/user/review', reviewRoutes(deps))
    .route('/question-tracker/v1/user/sync', syncRoutes(deps))
    .route('/question-tracker/v1/user/uploader/progress', progressImportRoutes(deps))
    .route('/question-tracker/v1/user/uploader/sheet', sheetImportRoutes(deps))
    .route('/question-tracker/v1/user/notes', notesRoutes(deps))
    .route(SOLUTIONS_PATH, solutionRoutes(deps))
    .route(SHEET_PATHS.base, sheetRoutes(deps))
    .route(SHEET_PATHS.base, sheetTreeRoutes(deps))
    .route(SHEET_PATHS.base, sheetListRoutes(deps))
    .route('/question-tracker/v2/sheet/collaborators', collaboratorRoutes(deps))
    .route('/question-tracker/v1/profile', profileRoutes(deps))
    .route('/question-tracker/v1/user', profileSettingsRoutes(deps))
    .route('/question-tracker/v1/user/accounts', judgeAccountRoutes(deps))
    .route('/question-tracker/v1/user/calendar-feed', calendarFeedRoutes(deps))
    .route('/question-tracker/v1/user', practiceRoutes(deps))
    .route('/question-tracker/v1/user/exports', exportRoutes(deps))
    .route('/question-tracker/v1/leaderboard', leaderboardRoutes(deps))
    .route('/question-tracker/v1/groups', groupRoutes(deps))
    .route('/question-tracker/v1', contestRoutes(deps))
    .route('/downloads', downloadRoutes(deps));

  mountDashboard(app, config.dashboardDir);

  app.notFound((c) => c.json(envelope(404, 'NotFoundError', 'Route not found'), 404));
  app.onError((err, c) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== null) c.header('Retry-After', String(err.retryAfterSeconds));
      return c.json(envelope(err.code, err.error, err.message, err.data), err.code);
    }
    // A client that hung up is no server error: the request log line (status 499) is all it gets.
    if (clientAborted(c)) return new Response(null, { status: CLIENT_CLOSED });
    const status = (err as { status?: number }).status;
    if (status === 400) return c.json(envelope(400, 'ValidationError', 'The request body is not valid JSON'), 400);
    log({ level: 'error', id: c.get('requestId'), method: c.req.method, path: c.req.path, error: String(err), stack: err.stack });
    return c.json(envelope(500, 'InternalError', `Something went wrong. Reference: ${c.get('requestId')}`), 500);
  });
  return routes;
}

export type AppType = ReturnType<typeof createApp>;
