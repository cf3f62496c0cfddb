import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sheets, users } from '../db/schema';
import { seedDatabase } from '../db/seed/index';
import { createTestApp } from '../testing';

type T = Awaited<ReturnType<typeof createTestApp>>;

describe('sheets: premium content', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDatabase(t.db);
  });
  afterAll(() => t.close());

  const PREMIUM = 'google-interview-sheet';
  const entitle = (userId: string, purchaseStatus: boolean) => t.db.update(users).set({ purchaseStatus }).where(eq(users.id, userId));
  const sheetApi = () => t.api['question-tracker'].v2.sheet;
  const bySlug = (slug: string, token?: string, etag?: string) =>
    t.reply(
      sheetApi()['get-sheet-data-by-slug'][':slug'].$get(
        { param: { slug } },
        { headers: { ...(token ? t.as(token).headers : {}), ...(etag ? { 'if-none-match': etag } : {}) } },
      ),
    );
  const read = (token?: string, etag?: string) => bySlug(PREMIUM, token, etag);
  /** What a viewer without the entitlement may see: the card, no tree and no mappings. */
  const expectCardOnly = (data: { sheet: Record<string, unknown>; mappings: unknown[]; progress: unknown }) => {
    expect(data.mappings).toEqual([]);
    expect(data.sheet.config).toEqual({ topicOrder: [], subTopicOrder: {}, questionOrder: [] });
    expect(data.sheet).toMatchObject({ slug: PREMIUM, premium: true, purchaseStatus: false, name: expect.any(String) as unknown, description: expect.any(String) as unknown });
    expect(data.sheet.totalQuestions).toBeGreaterThan(0);
    expect(data.progress).toEqual({ solved: [], starred: [] });
  };

  it('shows a premium sheet without the entitlement as its card only: no topic names, no question order, no mappings', async () => {
    const anonymous = await read();
    expect(anonymous.status).toBe(200);
    expectCardOnly(anonymous.body.data);
    const stranger = await t.signup('Stranger');
    expectCardOnly((await read(stranger.token)).body.data);
    expectCardOnly((await t.reply(sheetApi()['get-sheet-data'][':id'].$get({ param: { id: anonymous.body.data.sheet._id } }, t.as(stranger.token)))).body.data);
    // Following it answers the sheet too.
    const followed = await t.reply(sheetApi().public['follow-sheet'][':id'].$patch({ param: { id: anonymous.body.data.sheet._id } }, t.as(stranger.token)));
    expect(followed.status).toBe(200);
    expect(followed.body.data.sheet.config).toEqual({ topicOrder: [], subTopicOrder: {}, questionOrder: [] });
    const [row] = await t.db.select({ config: sheets.config }).from(sheets).where(eq(sheets.slug, PREMIUM));
    expect(row!.config.topicOrder.length).toBeGreaterThan(0);
    for (const topic of row!.config.topicOrder) expect(JSON.stringify(followed.body)).not.toContain(JSON.stringify(topic));
  });

  it('never serves an entitled answer, kept or revalidated, to a viewer without the entitlement', async () => {
    const buyer = await t.signup('Buyer');
    await entitle(buyer.user._id, true);
    const full = await read(buyer.token);
    expect(full.body.data.mappings.length).toBeGreaterThan(0);
    expect(full.body.data.sheet.config.topicOrder.length).toBeGreaterThan(0);
    const topic = full.body.data.sheet.config.topicOrder[0]!;
    // Read again: now answered from what the server keeps, and 304 to its ETag.
    expect((await read(buyer.token)).body.data.sheet.config.topicOrder).toContain(topic);
    const etag = full.headers.get('etag')!;
    expect((await read(buyer.token, etag)).status).toBe(304);

    // Others, at the same moment, get the card only.
    for (const token of [undefined, (await t.signup('Other')).token]) {
      const other = await read(token, etag);
      expect(other.status).toBe(200);
      expectCardOnly(other.body.data);
      expect(JSON.stringify(other.body)).not.toContain(JSON.stringify(topic));
    }

    // The entitlement ends: the buyer's kept answer and its ETag go with it.
    await entitle(buyer.user._id, false);
    const revoked = await read(buyer.token, etag);
    expect(revoked.status).toBe(200);
    expectCardOnly(revoked.body.data);
    expectCardOnly((await read(buyer.token)).body.data);
  });

  it('shows the whole tree to the members of a premium sheet', async () => {
    const owner = await t.signup('Owner');
    const sheet = await t.createSheet(owner.token);
    await t.reply(sheetApi()['add-topic'][':id'].$post({ param: { id: sheet._id }, json: { topic: 'Secret Topic' } }, t.as(owner.token)));
    await t.db.update(sheets).set({ premium: true, visibility: 'public' }).where(eq(sheets.id, sheet._id));
    expect((await bySlug(sheet.slug, owner.token)).body.data.sheet.config.topicOrder).toEqual(['Secret Topic']);
    const visitor = await bySlug(sheet.slug, (await t.signup('Visitor')).token);
    expect(visitor.body.data.sheet.config.topicOrder).toEqual([]);
    expect(JSON.stringify(visitor.body)).not.toContain('Secret Topic');
  });
});
