import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { CHANGE_FEED_APPLICATION } from './change-feed';
import { queryRows, type Database } from './client';
import { formatSignal, parseSignal, type Signal } from './feed-leases';
import { createTestApp, openSecondProcessDatabase } from '../testing';

type T = Awaited<ReturnType<typeof createTestApp>>;

async function waitFor(condition: () => boolean, what: string, ms = 15_000) {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The database announces every change the API keeps answers for (migration 0005), whoever writes, and
 * the API serves repeated reads from memory only while it hears those announcements.
 */
describe('the change feed', () => {
  let t: T;
  let owner: { token: string; user: { _id: string } };
  let sheet: { _id: string; slug: string };
  const heard: string[] = [];
  let stopListening = () => {};

  /** What the feed announced from the moment `fn` started until its changes settled. */
  async function announced(fn: () => Promise<unknown>): Promise<string[]> {
    const from = heard.length;
    await fn();
    await t.changes.settle();
    return heard.slice(from);
  }

  const sheets = () => t.api['question-tracker'].v2.sheet;
  const read = (token = owner.token, headers: Record<string, string> = {}) =>
    t.reply(sheets()['get-sheet-data-by-slug'][':slug'].$get({ param: { slug: sheet.slug } }, { headers: { ...headers, ...t.as(token).headers } }));

  beforeAll(async () => {
    t = await createTestApp();
    stopListening = t.changes.subscribe((tag) => heard.push(tag ?? 'everything'));
    owner = await t.signup('Feed');
    const created = await t.reply(sheets()['create-sheet'].$post({ json: { name: 'Announced', slug: 'announced-sheet', description: '' } }, t.as(owner.token)));
    sheet = created.body.data.sheet;
    expect((await t.reply(sheets()['mark-sheet-public'][':id'].$patch({ param: { id: sheet._id } }, t.as(owner.token)))).status).toBe(200);
  });
  afterAll(async () => {
    stopListening();
    await t.close();
  });

  it('is live', () => {
    expect(t.changes.live).toBe(true);
  });

  it("settles many writers at once: each one's change has been heard when its settle resolves", async () => {
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => t.signup(`Writer${i}`)));
    // Commits land while earlier barriers are in flight, so some writers wait for the next shared barrier.
    await Promise.all(
      users.flatMap((u, i) =>
        [0, 1, 2].map(async (round) => {
          await new Promise((r) => setTimeout(r, (i * 3 + round) % 5));
          const from = heard.length;
          await t.db.execute(sql`update users set second_name = ${`Round ${round}`} where id = ${u.user._id}`);
          await t.changes.settle();
          expect(heard.slice(from)).toContain(`user:${u.user._id}`);
        }),
      ),
    );
  });

  it('announces changes to a sheet, its mappings, questions, followers and collaborators', async () => {
    const s = `sheet:${sheet._id}`;
    expect(await announced(() => t.reply(sheets()['update-sheet'][':id'].$patch({ param: { id: sheet._id }, json: { name: 'Renamed' } }, t.as(owner.token))))).toContain(s);
    let mappingId = '';
    expect(
      await announced(async () => {
        const added = await t.reply(
          sheets()['add-questions'][':id'].$post(
            { param: { id: sheet._id }, json: { data: [{ topic: '', subTopic: '', title: 'One', problemUrl: 'https://leetcode.com/problems/feed-one/' }] } },
            t.as(owner.token),
          ),
        );
        mappingId = added.body.data.mappings[0]!._id;
      }),
    ).toContain(s);
    expect(await announced(() => t.db.execute(sql`update mappings set title = 'Plain SQL' where id = ${mappingId}`))).toContain(s);
    expect(await announced(() => t.db.execute(sql`update questions set name = 'Plain SQL' where id = (select question_id from mappings where id = ${mappingId})`))).toContain(s);
    const fan = await t.signup('Fan');
    expect(await announced(() => t.reply(sheets().public['follow-sheet'][':id'].$patch({ param: { id: sheet._id } }, t.as(fan.token))))).toContain(s);
    expect(await announced(() => t.db.execute(sql`insert into collaborators (sheet_id, user_id) values (${sheet._id}, ${fan.user._id})`))).toContain(s);
    expect(await announced(() => t.db.execute(sql`delete from collaborators where sheet_id = ${sheet._id}`))).toContain(s);
  });

  it('announces changes to a user: their row and their sessions as the user, their records as records', async () => {
    const viewer = await t.signup('Viewer');
    const u = `user:${viewer.user._id}`;
    const [question] = await queryRows<{ id: string }>(t.db, sql`select id from questions limit 1`);
    const tick = await announced(() => t.api['question-tracker'].v1.user.question['solve-question'].$post({ json: { questionId: question!.id, checked: true } }, t.as(viewer.token)));
    expect(tick).toContain(`records:${viewer.user._id}`);
    expect(tick).not.toContain(u);
    expect(await announced(() => t.db.execute(sql`update users set purchase_status = true where id = ${viewer.user._id}`))).toContain(u);
    expect(await announced(() => t.reply(t.api.auth.v1.logout.$post({}, t.as(viewer.token))))).toContain(u);
    // A user's deletion is the user's change, and also their records' (each announced by its own trigger).
    const gone = await t.signup('Gone');
    expect((await t.api['question-tracker'].v1.user.question['solve-question'].$post({ json: { questionId: question!.id, checked: true } }, t.as(gone.token))).status).toBe(201);
    // Signed out first: a session's deletion announces its user too.
    await t.db.execute(sql`delete from sessions where user_id = ${gone.user._id}`);
    await t.changes.settle();
    const deleted = await announced(() => t.db.execute(sql`delete from users where id = ${gone.user._id}`));
    expect(deleted).toContain(`user:${gone.user._id}`);
    expect(deleted).toContain(`records:${gone.user._id}`);
  });

  it("keeps a writer's session across their ticks, and drops their kept sheet answer", async () => {
    const added = await t.reply(
      sheets()['add-questions'][':id'].$post(
        { param: { id: sheet._id }, json: { data: [{ topic: '', subTopic: '', title: 'Kept', problemUrl: 'https://leetcode.com/problems/feed-kept/' }] } },
        t.as(owner.token),
      ),
    );
    const mapping = added.body.data.mappings[0]!;
    const fan = await t.signup('Ticker');
    expect((await t.reply(sheets().public['follow-sheet'][':id'].$patch({ param: { id: sheet._id } }, t.as(fan.token)))).status).toBe(200);
    expect((await read(fan.token)).body.data.progress.solved).not.toContain(mapping.questionId);
    await read(fan.token); // kept
    const mark = await t.reply(sheets()['mark-question'][':id'][':mappingId'].$patch({ param: { id: sheet._id, mappingId: mapping._id }, json: { checked: true } }, t.as(fan.token)));
    expect(mark.status).toBe(200);
    await t.changes.settle();
    // The session row goes without a word to the API: only a session kept through the tick still answers.
    await t.db.execute(sql`alter table sessions disable trigger sessions_changed`);
    try {
      await t.db.execute(sql`delete from sessions where user_id = ${fan.user._id}`);
    } finally {
      await t.db.execute(sql`alter table sessions enable trigger sessions_changed`);
    }
    await t.changes.settle();
    expect((await read(fan.token)).body.data.progress.solved).toContain(mapping.questionId);
  });

  it('announces after commit, not from the writing transaction, and hears a write nobody settles', async () => {
    const tag = `sheet:${sheet._id}`;
    await t.changes.settle();
    const from = heard.length;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update sheets set description = 'Waiting' where id = ${sheet._id}`);
      // Inside the writing transaction the change waits to be announced (migration 0018).
      const waiting = await queryRows<{ tag: string }>(tx, sql`select tag from change_feed.pending`);
      expect(waiting.map((w) => w.tag)).toContain(tag);
    });
    // No settle: every process announces what others left waiting, at least once a second.
    await waitFor(() => heard.slice(from).includes(tag), 'the periodic announcement', 5_000);
    const left = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from change_feed.pending where tag = ${tag}`);
    expect(left[0]?.n).toBe(0);
  });

  /** The queue table's size on disk, in bytes. */
  const queueBytes = async () => (await queryRows<{ bytes: number }>(t.db, sql`select pg_relation_size('change_feed.pending')::int as bytes`))[0]?.bytes ?? -1;

  it('vacuums its queue itself: the announced tags leave no dead rows for the next announcements to scan', async () => {
    const vacuums = async () => (await queryRows<{ n: number }>(t.db, sql`select vacuum_count::int as n from pg_stat_all_tables where relid = 'change_feed.pending'::regclass`))[0]?.n ?? -1;
    // Many writes' worth of tags at once, as a busy second leaves them; the announcement deletes them.
    const burst = async () => {
      await t.db.execute(sql`insert into change_feed.pending (tag) select 'records:' || gen_random_uuid() from generate_series(1, 3000)`);
      await t.changes.settle();
    };
    await burst();
    const first = await queueBytes();
    expect(first).toBeGreaterThan(8192);
    // Neither PGlite nor this test's server vacuums by itself within seconds: the feed's own round does,
    // and the next burst's rows then take the space of the first's.
    const before = await vacuums();
    const until = Date.now() + 10_000;
    while ((await vacuums()) <= before && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    await burst();
    expect(await queueBytes()).toBeLessThanOrEqual(first);
  });

  it('gives back the pages a burst of tags took, so later announcements do not scan them', async () => {
    // Far more tags than a second of writes leaves: what an import or a stretch without an announcer leaves.
    await t.db.execute(sql`insert into change_feed.pending (tag) select 'records:' || gen_random_uuid() from generate_series(1, 40000)`);
    await t.changes.settle();
    const burst = await queueBytes();
    expect(burst).toBeGreaterThan(200 * 8192);
    const until = Date.now() + 10_000;
    while ((await queueBytes()) >= burst / 4 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await queueBytes()).toBeLessThan(burst / 4);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('keeps settling writes while a long transaction keeps the queue from being cut back', async () => {
    // A transaction that has written to the queue and stays open: a vacuum that would give the queue's pages
    // back waits for its turn at the table, retrying for seconds.
    const holder = (await openSecondProcessDatabase(t))!;
    const from = heard.length;
    try {
      await holder.db.transaction(async (tx) => {
        await tx.execute(sql`lock table change_feed.pending in row exclusive mode`);
        await t.db.execute(sql`insert into change_feed.pending (tag) select 'records:' || gen_random_uuid() from generate_series(1, 40000)`);
        await t.changes.settle();
        // Each settle's barrier must come back, through the periodic tidies, or the feed drops every
        // answer it keeps ('everything').
        const until = Date.now() + 3_500;
        while (Date.now() < until) {
          await t.db.execute(sql`update sheets set description = ${`held ${Date.now()}`} where id = ${sheet._id}`);
          await t.changes.settle();
          await new Promise((r) => setTimeout(r, 200));
        }
      });
      expect(heard.slice(from)).not.toContain('everything');
      expect(heard.slice(from)).toContain(`sheet:${sheet._id}`);
    } finally {
      await holder.close();
    }
  });

  it('announces nothing for a write that rolled back', async () => {
    const heardNow = await announced(async () => {
      await t.db
        .transaction(async (tx) => {
          await tx.execute(sql`update sheets set name = 'Never' where id = ${sheet._id}`);
          throw new Error('roll back');
        })
        .catch(() => {});
    });
    expect(heardNow).not.toContain(`sheet:${sheet._id}`);
  });

  it('serves a repeated read and its 304 from memory: a change kept from the feed is not seen', async () => {
    const first = await read();
    const etag = first.headers.get('etag')!;
    await t.db.execute(sql`alter table sheets disable trigger sheets_changed`);
    try {
      await t.db.execute(sql`update sheets set name = 'Unannounced' where id = ${sheet._id}`);
      await t.changes.settle();
      expect((await read()).body.data.sheet.name).toBe(first.body.data.sheet.name);
      expect((await read(owner.token, { 'if-none-match': etag })).status).toBe(304);
    } finally {
      await t.db.execute(sql`alter table sheets enable trigger sheets_changed`);
    }
    // Any announced change to the sheet drops the kept answer, and the new one shows everything.
    await t.db.execute(sql`update sheets set description = 'announced' where id = ${sheet._id}`);
    await t.changes.settle();
    const after = await read(owner.token, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.body.data.sheet.name).toBe('Unannounced');
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('with other processes holding leases', () => {
    let other: Database;
    let watcher: postgres.Sql;
    const signals: Signal[] = [];
    /** Stands in for a process that holds a lease but answers only when told to. */
    const FAKE = '0f0f0f0f-0000-4000-8000-00000000fa4e';
    const leaseFor = (ms: number) => t.db.execute(sql`insert into change_feed.leases values (${FAKE}, clock_timestamp() + ${`${ms} milliseconds`}::interval)`);
    const notify = (signal: Signal) => t.db.execute(sql`select pg_notify('tracker_changes', ${formatSignal(signal)})`);
    function tracked(promise: Promise<void>) {
      const state = { done: false, promise };
      void promise.then(() => (state.done = true));
      return state;
    }
    /** The first barrier heard since signal `from`: this app's, as only it writes here. */
    async function barrierSince(from: number) {
      await waitFor(() => signals.slice(from).some((s) => s.kind === 'barrier'), 'a barrier');
      return signals.slice(from).find((s): s is Extract<Signal, { seq: number }> => s.kind === 'barrier')!;
    }

    beforeAll(async () => {
      other = (await openSecondProcessDatabase(t))!;
      const [row] = await queryRows<{ name: string }>(t.db, sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${row!.name}`;
      watcher = postgres(url.toString(), { max: 1, onnotice: () => {} });
      await watcher.listen('tracker_changes', (payload) => {
        const signal = parseSignal(payload);
        if (signal) signals.push(signal);
      });
    });
    afterAll(async () => {
      await other.close();
      await watcher.end();
    });

    it("has each other process acknowledge a write's barrier", async () => {
      await other.changes.settle();
      const from = signals.length;
      await t.db.execute(sql`update sheets set description = 'Acknowledged' where id = ${sheet._id}`);
      await t.changes.settle();
      const barrier = await barrierSince(from);
      const holders = await queryRows<{ listener: string }>(t.db, sql`select listener from change_feed.leases where lease_until > clock_timestamp()`);
      expect(holders.map((h) => h.listener)).toContain(barrier.from);
      const others = holders.map((h) => h.listener).filter((id) => id !== barrier.from);
      expect(others).toHaveLength(1);
      // The other process said it heard the barrier (on this watching connection, the notification may
      // arrive a moment after the writer's own feed heard it; the next test shows the writer waits for it).
      const acked = () => signals.slice(from).some((s) => s.kind === 'ack' && s.from === others[0] && s.barriers.some((b) => b.to === barrier.from && b.seq === barrier.seq));
      await waitFor(acked, "the other process's acknowledgement", 5_000);
    });

    it('waits for a leaseholder that has not acknowledged, until it does or leaves', async () => {
      await leaseFor(30_000);
      try {
        let from = signals.length;
        const acknowledged = tracked(t.changes.settle());
        const barrier = await barrierSince(from);
        await new Promise((r) => setTimeout(r, 300));
        expect(acknowledged.done).toBe(false);
        await notify({ kind: 'ack', from: FAKE, barriers: [{ to: barrier.from, seq: barrier.seq }] });
        await acknowledged.promise;

        from = signals.length;
        const left = tracked(t.changes.settle());
        await barrierSince(from);
        await new Promise((r) => setTimeout(r, 300));
        expect(left.done).toBe(false);
        await t.db.execute(sql`select leave_change_feed(${FAKE})`);
        await left.promise;
        expect(await queryRows(t.db, sql`select 1 from change_feed.leases where listener = ${FAKE}`)).toEqual([]);
      } finally {
        await t.db.execute(sql`delete from change_feed.leases where listener = ${FAKE}`);
      }
    });

    it('stops waiting for a silent leaseholder when its lease runs out', async () => {
      await leaseFor(800);
      try {
        const from = signals.length;
        await t.changes.settle();
        expect(signals.slice(from).some((s) => s.kind === 'ack' && s.from === FAKE)).toBe(false);
        const [{ over } = { over: false }] = await queryRows<{ over: boolean }>(t.db, sql`select lease_until <= clock_timestamp() as over from change_feed.leases where listener = ${FAKE}`);
        expect(over).toBe(true);
      } finally {
        await t.db.execute(sql`delete from change_feed.leases where listener = ${FAKE}`);
      }
    });
  });

  it.runIf(process.env.TEST_DATABASE_URL)('stops serving from memory while its connection is down, and recovers', async () => {
    await read();
    await read(); // kept
    await t.db.execute(sql`alter table sheets disable trigger sheets_changed`);
    try {
      await t.db.execute(sql`update sheets set name = 'While down' where id = ${sheet._id}`);
      const [{ ended } = { ended: 0 }] = await queryRows<{ ended: number }>(
        t.db,
        sql`select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity where datname = current_database() and application_name = ${CHANGE_FEED_APPLICATION}`,
      );
      expect(ended).toBe(1);
      await waitFor(() => !t.changes.live, 'the feed to notice its connection closed');
      expect((await read()).body.data.sheet.name).toBe('While down');
      expect(heard.at(-1)).toBe('everything');
      await waitFor(() => t.changes.live, 'the feed to listen again');
    } finally {
      await t.db.execute(sql`alter table sheets enable trigger sheets_changed`);
    }
    await t.db.execute(sql`update sheets set name = 'Back' where id = ${sheet._id}`);
    await t.changes.settle();
    expect((await read()).body.data.sheet.name).toBe('Back');
    expect((await read()).body.data.sheet.name).toBe('Back');
  });
});
