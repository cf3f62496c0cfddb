import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSheetLists } from '../services/sheet-cache';
import { createTestApp } from '../testing';

type T = Awaited<ReturnType<typeof createTestApp>>;
const S = '/question-tracker/v2/sheet';

/** Every header but the request's own id. */
const headersOf = (res: Response) => [...res.headers.entries()].filter(([name]) => name !== 'x-request-id').sort();

/**
 * A kept sheet answer is sent before the rest of the pipeline runs (lib/kept-answers): it must be the very
 * answer the full pipeline gives, headers included, for signed-in and signed-out readers, 200 and 304.
 */
describe('kept sheet answers', () => {
  let t: T;
  let token: string;
  let sheet: { _id: string; slug: string };
  const lists = createSheetLists();

  const get = (path: string, headers: Record<string, string> = {}) => t.app.fetch(new Request(`http://localhost${path}`, { headers }));
  const sheets = () => t.api['question-tracker'].v2.sheet;
  const describeSheet = (description: string) =>
    t.reply(sheets()['update-sheet'][':id'].$patch({ param: { id: sheet._id }, json: { description } }, t.as(token)));

  beforeAll(async () => {
    t = await createTestApp({ sheetLists: lists });
    token = (await t.signup('Kept')).token;
    sheet = (await t.reply(sheets()['create-sheet'].$post({ json: { name: 'Kept', slug: 'kept-sheet', description: '' } }, t.as(token)))).body.data.sheet;
    await t.reply(
      sheets()['add-questions'][':id'].$post(
        { param: { id: sheet._id }, json: { data: [{ topic: '', subTopic: '', title: 'One', problemUrl: 'https://leetcode.com/problems/kept-one/' }] } },
        t.as(token),
      ),
    );
    expect((await t.reply(sheets()['mark-sheet-public'][':id'].$patch({ param: { id: sheet._id } }, t.as(token)))).status).toBe(200);
  });
  afterAll(() => t.close());

  for (const reader of ['signed in', 'signed out'] as const) {
    for (const by of ['slug', 'id'] as const) {
      it(`gives the same answer and headers as the full pipeline: ${reader}, by ${by}`, async () => {
        const path = by === 'slug' ? `${S}/get-sheet-data-by-slug/${sheet.slug}` : `${S}/get-sheet-data/${sheet._id}`;
        const auth: Record<string, string> = reader === 'signed in' ? { authorization: `Bearer ${token}` } : {};
        // A change to the sheet drops what was kept: the next read goes the whole way.
        await describeSheet(`${reader} ${by}`);
        const full = await get(path, auth);
        const kept = await get(path, auth);
        expect(full.status).toBe(200);
        expect(kept.status).toBe(200);
        expect(headersOf(kept)).toEqual(headersOf(full));
        expect(await kept.text()).toBe(await full.text());
        const names = headersOf(full).map(([name]) => name);
        expect(names).toEqual(expect.arrayContaining(['content-security-policy', 'x-content-type-options', 'etag', 'vary']));

        const etag = full.headers.get('etag')!;
        // A write that changes nothing still drops what was kept.
        await t.db.execute(sql`update sheets set name = name where id = ${sheet._id}`);
        const full304 = await get(path, { ...auth, 'if-none-match': etag });
        const kept304 = await get(path, { ...auth, 'if-none-match': etag });
        expect(full304.status).toBe(304);
        expect(kept304.status).toBe(304);
        expect(headersOf(kept304)).toEqual(headersOf(full304));
      });
    }
  }

  it('sends the answer compressed when the reader accepts it, the same on the full and the kept path', async () => {
    const path = `${S}/get-sheet-data-by-slug/${sheet.slug}`;
    const auth = { authorization: `Bearer ${token}` };
    // Big enough to be worth compressing.
    await describeSheet('a sheet with a long description. '.repeat(50));
    const plain = await (await get(path, auth)).text();
    for (const [accept, coding, unpack] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      await describeSheet('a sheet with a long description. '.repeat(50) + accept);
      const full = await get(path, { ...auth, 'accept-encoding': accept });
      const kept = await get(path, { ...auth, 'accept-encoding': accept });
      for (const res of [full, kept]) {
        expect(res.status, accept).toBe(200);
        expect(res.headers.get('content-encoding'), accept).toBe(coding);
        expect(res.headers.get('vary'), accept).toMatch(/\bAccept-Encoding\b/);
      }
      expect(headersOf(kept)).toEqual(headersOf(full));
      const [a, b] = [unpack(Buffer.from(await full.arrayBuffer())).toString('utf8'), unpack(Buffer.from(await kept.arrayBuffer())).toString('utf8')];
      expect(a).toBe(b);
      expect(JSON.parse(a)).toEqual({ ...(JSON.parse(plain) as object), data: expect.anything() as unknown });
      expect((JSON.parse(a) as { data: { sheet: { description: string } } }).data.sheet.description).toMatch(new RegExp(`${accept}$`));
    }
    // Without Accept-Encoding, or refusing both codings, the bytes as they are; the ETag is the same either way.
    const raw = await get(path, auth);
    const refused = await get(path, { ...auth, 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(await raw.text());
  });

  it('gives each answer a request id, the caller\'s own when well formed, on the full and the kept path alike', async () => {
    const path = `${S}/get-sheet-data-by-slug/${sheet.slug}`;
    const auth = { authorization: `Bearer ${token}` };
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    let n = 0;
    for (const kept of [false, true]) {
      // Each read on the full path follows a change; each kept one follows a read that kept the answer.
      const read = async (headers: Record<string, string>) => {
        if (kept) await get(path, auth);
        else await describeSheet(`request ids ${n++}`);
        return (await get(path, { ...auth, ...headers })).headers.get('x-request-id') ?? '';
      };
      const label = kept ? 'kept' : 'full';
      expect(await read({ 'x-request-id': `trace-${label}=1` }), label).toBe(`trace-${label}=1`);
      const ids = [await read({ 'x-request-id': 'not allowed!' }), await read({ 'x-request-id': 'x'.repeat(256) }), await read({})];
      for (const id of ids) expect(id, label).toMatch(uuid);
      expect(new Set(ids).size, label).toBe(3);
    }
  });

  it('leaves a cross-origin read to CORS, and an unknown token to the session check', async () => {
    const path = `${S}/get-sheet-data-by-slug/${sheet.slug}`;
    await get(path, { authorization: `Bearer ${token}` });
    const cross = await get(path, { authorization: `Bearer ${token}`, origin: 'https://elsewhere.example' });
    expect(cross.status).toBe(200);
    expect(cross.headers.get('access-control-allow-origin')).toBeNull();
    const unknown = await get(path, { authorization: `Bearer ${'x'.repeat(40)}` });
    expect(unknown.status).toBe(200); // a public sheet, read as a signed-out visitor
    expect((JSON.parse(await unknown.text()) as { data: { progress: unknown } }).data.progress).toEqual({ solved: [], starred: [] });
  });

  it('stops answering for a session that ended', async () => {
    const other = await t.signup('Ending');
    const path = `${S}/get-sheet-data-by-slug/${sheet.slug}`;
    await get(path, { authorization: `Bearer ${other.token}` });
    expect((await get(path, { authorization: `Bearer ${other.token}` })).status).toBe(200);
    await t.reply(t.api.auth.v1.logout.$post({}, t.as(other.token)));
    const after = await get(path, { authorization: `Bearer ${other.token}` });
    const body = JSON.parse(await after.text()) as { data: { sheet: { isFollowing: boolean } }; status: { code: number } };
    // The ended token now reads as nobody: the public sheet, without that user's view of it.
    expect(after.status).toBe(200);
    expect(body.data.sheet.isFollowing).toBe(false);
  });

  it('splices in the question list kept once for all viewers, and reads a list let go again', async () => {
    const path = `${S}/get-sheet-data-by-slug/${sheet.slug}`;
    const viewers = [token, (await t.signup('Second')).token];
    lists.clear(); // the lists of the sheet's earlier contents
    const first = await Promise.all(viewers.map(async (v) => (await get(path, { authorization: `Bearer ${v}` })).text()));
    // Both viewers' answers carry the one list the sheets' lists keep.
    expect(lists.size).toBe(1);
    const [kept] = [...lists.values()];
    const listJson = new TextDecoder().decode(kept!.bytes);
    for (const body of first) expect(body).toContain(`"mappings":${listJson},"progress":`);

    // Let go there, the list is not held by the kept answers: the next read rebuilds it, with the same answer.
    lists.clear();
    const again = await Promise.all(viewers.map(async (v) => (await get(path, { authorization: `Bearer ${v}` })).text()));
    expect(again).toEqual(first);
    expect(lists.size).toBe(1);
    expect([...lists.values()][0]!.bytes).not.toBe(kept!.bytes);
    for (const body of again) expect((JSON.parse(body) as { data: { mappings: { title: string }[] } }).data.mappings.map((m) => m.title)).toEqual(['One']);
  });

  it("splices in the sheet's config kept from an earlier read only while the row is that version, whoever wrote it", async () => {
    const path = `${S}/get-sheet-data-by-slug/${sheet.slug}`;
    const read = async () => {
      // Each read by a new viewer: no kept answer, so the read goes to the database.
      const viewer = (await t.signup('Config')).token;
      const body = (await (await get(path, { authorization: `Bearer ${viewer}` })).json()) as { data: { sheet: { config: { topicOrder: string[] }; name: string } } };
      return body.data.sheet;
    };
    const before = await read();
    expect((await read()).config).toEqual(before.config);
    // A change the change feed never hears of: only the row version tells the kept config is old.
    await t.db.execute(sql`alter table sheets disable trigger sheets_changed`);
    try {
      await t.db.execute(sql`update sheets set config = jsonb_set(config, '{topicOrder}', '["Unannounced"]'), name = 'Config changed' where id = ${sheet._id}`);
    } finally {
      await t.db.execute(sql`alter table sheets enable trigger sheets_changed`);
    }
    const after = await read();
    expect(after.name).toBe('Config changed');
    expect(after.config.topicOrder).toEqual(['Unannounced']);
  });
});
