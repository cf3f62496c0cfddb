import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing';

const S = '/question-tracker/v2/sheet';

/** Answers carrying a user's data must not be kept by a shared cache (a proxy, a CDN) for the next person. */
describe('Cache-Control of answers', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let owner: Awaited<ReturnType<typeof t.signup>>;
  let sheet: { _id: string; slug: string };
  const sheets = () => t.api['question-tracker'].v2.sheet;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signup('Owner');
    const created = await t.reply(sheets()['create-sheet'].$post({ json: { name: 'Cached', slug: 'cached-sheet', visibility: 'public' } }, t.as(owner.token)));
    sheet = created.body.data.sheet;
  });
  afterAll(() => t.close());

  it('sends private, no-store with every signed-in answer, including errors', async () => {
    const api = t.api['question-tracker'];
    const as = t.as(owner.token);
    const reads = {
      '/auth/v1/me': () => t.api.auth.v1.me.$get({}, as),
      '/auth/v1/account/sheets': () => t.api.auth.v1.account.sheets.$get({}, as),
      'get-questions?page=1&pageSize=10': () => api.v1.user.question['get-questions'].$get({ query: { page: '1', pageSize: '10' } }, as),
      'get-notes': () => api.v1.user.notes['get-notes'].$get({ query: {} }, as),
      'analytics/get?days=-1': () => api.v1.user.analytics.get.$get({ query: { days: '-1' } }, as),
      'my-sheets': () => sheets()['my-sheets'].$get({}, as),
      'public/get-public-sheets': () => sheets().public['get-public-sheets'].$get({ query: {} }, as),
      'get-collaborators/:id': () => sheets().collaborators['get-collaborators'][':id'].$get({ param: { id: sheet._id } }, as),
      'get-note/:id (none such)': () => api.v1.user.notes['get-note'][':id'].$get({ param: { id: '00000000-0000-0000-0000-000000000000' } }, as),
    };
    for (const [path, read] of Object.entries(reads)) {
      const res = await read();
      expect(res.headers.get('cache-control'), `${path} (${res.status})`).toBe('private, no-store');
    }
    const write = await t.reply(sheets()['add-topic'][':id'].$post({ param: { id: sheet._id }, json: { topic: 'Arrays' } }, as));
    expect(write.status).toBe(201);
    expect(write.headers.get('cache-control')).toBe('private, no-store');
  });

  it('sends private, no-store with sign-up and sign-in, whose answers carry a token', async () => {
    const other = await t.signup('Other');
    const login = await t.reply(t.api.auth.v1.login.$post({ json: { email: other.email, password: other.password } }));
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('private, no-store');
    const signup = await t.reply(t.api.auth.v1.signup.$post({ json: { email: `cc-${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'New' } }));
    expect(signup.status).toBe(201);
    expect(signup.headers.get('cache-control')).toBe('private, no-store');
  });

  it('lets a signed-in viewer revalidate the sheet read (private, no-cache with its ETag), first read, kept read and 304 alike', async () => {
    const url = `http://localhost${S}/get-sheet-data-by-slug/${sheet.slug}`;
    const auth = { authorization: `Bearer ${owner.token}` };
    const bySlug = (slug: string) => t.reply(sheets()['get-sheet-data-by-slug'][':slug'].$get({ param: { slug } }, t.as(owner.token)));
    const first = await bySlug(sheet.slug);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await t.app.fetch(new Request(url, { headers: auth }));
    expect(again.status).toBe(200);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
    const revalidated = await t.app.fetch(new Request(url, { headers: { ...auth, 'if-none-match': etag } }));
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('cache-control')).toBe('private, no-cache');
    const byId = await t.reply(sheets()['get-sheet-data'][':id'].$get({ param: { id: sheet._id } }, t.as(owner.token)));
    expect(byId.headers.get('cache-control')).toBe('private, no-cache');
    // A signed-in read of a sheet that is not there is an error: nothing to keep.
    const missing = await bySlug('no-such-sheet');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('private, no-store');
  });

  it('leaves public anonymous reads as they are', async () => {
    const readSheet = () => t.reply(sheets()['get-sheet-data-by-slug'][':slug'].$get({ param: { slug: sheet.slug } }));
    const reads = { 'get-sheet-data-by-slug': readSheet, 'get-public-sheets': () => t.reply(sheets().public['get-public-sheets'].$get({ query: {} })) };
    for (const [path, read] of Object.entries(reads)) {
      const first = await read();
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control'), path).toBeNull();
    }
    // The repeat of the anonymous sheet read is answered from memory: the same headers.
    const kept = await readSheet();
    expect(kept.headers.get('cache-control')).toBeNull();
  });
});
