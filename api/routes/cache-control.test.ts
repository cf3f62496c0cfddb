import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing';

const S = '/question-tracker/v2/sheet';

/** Answers carrying a user's data must not be kept by a shared cache (a proxy, a CDN) for the next person. */
describe('Cache-Control of answers', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let owner: Awaited<ReturnType<typeof t.signup>>;
  let sheet: { _id: string; slug: string };
  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signup('Owner');
    const created = await t.call('POST', `${S}/create-sheet`, { token: owner.token, body: { name: 'Cached', slug: 'cached-sheet', visibility: 'public' } });
    sheet = created.body.data.sheet;
  });
  afterAll(() => t.close());

  it('sends private, no-store with every signed-in answer, including errors', async () => {
    const reads = [
      '/auth/v1/me',
      '/auth/v1/account/sheets',
      '/question-tracker/v1/user/question/get-questions?page=1&pageSize=10',
      '/question-tracker/v1/user/notes/get-notes',
      '/question-tracker/v1/user/analytics/get?days=-1',
      `${S}/my-sheets`,
      `${S}/public/get-public-sheets`,
      `${S}/collaborators/get-collaborators/${sheet._id}`,
      '/question-tracker/v1/user/notes/get-note/00000000-0000-0000-0000-000000000000',
    ];
    for (const path of reads) {
      const res = await t.call('GET', path, { token: owner.token });
      expect(res.headers.get('cache-control'), `${path} (${res.status})`).toBe('private, no-store');
    }
    const write = await t.call('POST', `${S}/add-topic/${sheet._id}`, { token: owner.token, body: { topic: 'Arrays' } });
    expect(write.status).toBe(201);
    expect(write.headers.get('cache-control')).toBe('private, no-store');
  });

  it('sends private, no-store with sign-up and sign-in, whose answers carry a token', async () => {
    const other = await t.signup('Other');
    const login = await t.call('POST', '/auth/v1/login', { body: { email: other.email, password: other.password } });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('private, no-store');
    const signup = await t.call('POST', '/auth/v1/signup', { body: { email: `cc-${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'New' } });
    expect(signup.status).toBe(201);
    expect(signup.headers.get('cache-control')).toBe('private, no-store');
  });

  it('lets a signed-in viewer revalidate the sheet read (private, no-cache with its ETag), first read, kept read and 304 alike', async () => {
    const url = `http://localhost${S}/get-sheet-data-by-slug/${sheet.slug}`;
    const auth = { authorization: `Bearer ${owner.token}` };
    const first = await t.call('GET', `${S}/get-sheet-data-by-slug/${sheet.slug}`, { token: owner.token });
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
    const byId = await t.call('GET', `${S}/get-sheet-data/${sheet._id}`, { token: owner.token });
    expect(byId.headers.get('cache-control')).toBe('private, no-cache');
    // A signed-in read of a sheet that is not there is an error: nothing to keep.
    const missing = await t.call('GET', `${S}/get-sheet-data-by-slug/no-such-sheet`, { token: owner.token });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('private, no-store');
  });

  it('leaves public anonymous reads as they are', async () => {
    for (const path of [`${S}/get-sheet-data-by-slug/${sheet.slug}`, `${S}/public/get-public-sheets`]) {
      const first = await t.call('GET', path);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control'), path).toBeNull();
    }
    // The repeat of the anonymous sheet read is answered from memory: the same headers.
    const kept = await t.call('GET', `${S}/get-sheet-data-by-slug/${sheet.slug}`);
    expect(kept.headers.get('cache-control')).toBeNull();
  });
});
