import { Jimp, JimpMime } from 'jimp';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, AVATAR_SIZE, PROFILE_MESSAGES } from '../../shared/rules/account';
import type { User } from '../../shared/schemas/user';
import { createTestApp } from '../testing';

type T = Awaited<ReturnType<typeof createTestApp>>;
const U = '/question-tracker/v1/user';
const P = '/question-tracker/v1/profile';

/** A multipart upload, sent with `t.call`: the avatar route reads its form itself and declares no form type. */
const form = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
  const f = new FormData();
  f.set('file', new File([bytes], name, { type }));
  return f;
};

describe('profile editing', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const edit = (token: string, json: { firstName: string; secondName?: string; profileName: string }) =>
    t.reply(t.api['question-tracker'].v1.user.profile.$patch({ json }, t.as(token)));
  const profile = (name: string) => t.reply(t.api['question-tracker'].v1.profile[':profileName'].$get({ param: { profileName: encodeURIComponent(name) } }));

  it('changes names; the profile name is kept in lower case and unique without regard to case', async () => {
    const a = await t.signup('Ada');
    const b = await t.signup('Bob');
    const res = await edit(a.token, { firstName: 'Ada', secondName: 'Lovelace', profileName: ' Ada-Lovelace ' });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ firstName: 'Ada', secondName: 'Lovelace', profileName: 'ada-lovelace' });
    expect((await t.reply(t.api.auth.v1.me.$get({}, t.as(a.token)))).body.data.user.profileName).toBe('ada-lovelace');

    const clash = await edit(b.token, { firstName: 'Bob', profileName: 'ADA-LOVELACE' });
    expect(clash.status).toBe(409);
    expect(clash.body.status.message).toBe(PROFILE_MESSAGES.profileNameTaken);

    const bad = await edit(b.token, { firstName: 'Bob', profileName: '-bob!' });
    expect(bad.status).toBe(400);
    expect(bad.body.status.message).toBe(PROFILE_MESSAGES.profileNameFormat);
    expect((await edit(b.token, { firstName: '', profileName: 'bobby' })).status).toBe(400);
    expect((await edit(b.token, { firstName: 'Bob', profileName: 'bo' })).body.status.message).toBe(PROFILE_MESSAGES.profileNameLength);
  });

  it('keeps the old name leading to the profile and reserved for its owner', async () => {
    const a = await t.signup('Cleo');
    const other = await t.signup('Dan');
    const old = a.user.profileName;
    expect((await edit(a.token, { firstName: 'Cleo', profileName: 'cleo-new' })).status).toBe(200);

    // The old name answers with the profile under its current name (the page then shows that name).
    const byOld = await profile(old.toUpperCase());
    expect(byOld.status).toBe(200);
    expect(byOld.body.data.profile.profileName).toBe('cleo-new');

    // Nobody else may take it...
    const taken = await edit(other.token, { firstName: 'Dan', profileName: old });
    expect(taken.status).toBe(409);
    expect(taken.body.status.message).toBe(PROFILE_MESSAGES.profileNameTaken);
    // ... not even by signing up with a name that would make it.
    const signup = await t.reply(
      t.api.auth.v1.signup.$post({
        json: { email: `cleo-${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'Cleo', secondName: old.replace(/^cleo-?/, '') },
      }),
    );
    expect(signup.status).toBe(201);
    expect(signup.body.data.user.profileName).not.toBe(old);

    // The owner may go back to it; then the name in between is the one kept.
    expect((await edit(a.token, { firstName: 'Cleo', profileName: old })).body.data.user.profileName).toBe(old);
    expect((await profile('cleo-new')).body.data.profile.profileName).toBe(old);
    expect((await edit(other.token, { firstName: 'Dan', profileName: 'cleo-new' })).status).toBe(409);
  });

  it('refuses an oversized avatar and a file that is not an image, with clear messages', async () => {
    const a = await t.signup('Eve');
    const big = new Uint8Array(AVATAR_MAX_BYTES + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooBig = await t.call('POST', `${U}/uploader/avatar`, { token: a.token, body: form(big, 'big.png', 'image/png') });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.status.message).toBe(PROFILE_MESSAGES.avatarTooLarge);

    // Named and declared as a PNG, but the bytes say otherwise.
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const notImage = await t.call('POST', `${U}/uploader/avatar`, { token: a.token, body: form(svg, 'me.png', 'image/png') });
    expect(notImage.status).toBe(415);
    expect(notImage.body.status.message).toBe(PROFILE_MESSAGES.avatarType);

    const none = await t.call('POST', `${U}/uploader/avatar`, { token: a.token, body: new FormData() });
    expect(none.status).toBe(400);
    expect((await t.reply(t.api.auth.v1.me.$get({}, t.as(a.token)))).body.data.user.imageUrl).toBe('');
  });

  it('re-encodes a valid image to a small square and serves it with its type and long caching', async () => {
    const a = await t.signup('Fay');
    const source = new Uint8Array(await new Jimp({ width: 640, height: 320, color: 0x3366ccff }).getBuffer(JimpMime.jpeg));
    const res = await t.call<{ user: User }>('POST', `${U}/uploader/avatar`, { token: a.token, body: form(source, 'photo.jpg', 'image/jpeg') });
    expect(res.status).toBe(200);
    const url = res.body.data.user.imageUrl;
    expect(url).toMatch(new RegExp(`^${P}/avatar/${a.user._id}\\?v=[\\w-]+$`));
    expect((await t.reply(t.api['question-tracker'].v1.profile[':profileName'].$get({ param: { profileName: a.user.profileName } }))).body.data.profile.imageUrl).toBe(url);

    const served = await t.app.fetch(new Request(`http://localhost${url}`));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(imageSize(bytes)).toMatchObject({ type: 'png', width: AVATAR_SIZE, height: AVATAR_SIZE });
    expect(Buffer.from(bytes).equals(Buffer.from(source))).toBe(false);

    const etag = served.headers.get('etag') ?? '';
    expect((await t.app.fetch(new Request(`http://localhost${url}`, { headers: { 'if-none-match': etag } }))).status).toBe(304);
    // Without the current version the answer is revalidated each time.
    const unversioned = await t.app.fetch(new Request(`http://localhost${P}/avatar/${a.user._id}`));
    expect(unversioned.headers.get('cache-control')).toBe('public, no-cache');

    const removed = await t.reply(t.api['question-tracker'].v1.user.uploader.avatar.$delete({}, t.as(a.token)));
    expect(removed.body.data.user.imageUrl).toBe('');
    expect((await t.app.fetch(new Request(`http://localhost${url}`))).status).toBe(404);
  });
});

describe('sheet slug redirects', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const S = () => t.api['question-tracker'].v2.sheet;
  const setSlug = (token: string, id: string, slug: string) => t.reply(S()['update-sheet-slug'][':id'].$patch({ param: { id }, json: { slug } }, t.as(token)));
  const bySlug = (slug: string, token?: string) => t.reply(S()['get-sheet-data-by-slug'][':slug'].$get({ param: { slug } }, token ? t.as(token) : undefined));

  it('keeps the old slug leading to the sheet, and reserved for it', async () => {
    const owner = await t.signup('Gus');
    const other = await t.signup('Hal');
    const sheet = await t.createSheet(owner.token, 'Moving Sheet');
    const old = sheet.slug;
    expect((await setSlug(owner.token, sheet._id, 'moved-sheet')).status).toBe(200);

    const found = await bySlug(old, owner.token);
    expect(found.status).toBe(200);
    expect(found.body.data.sheet).toMatchObject({ _id: sheet._id, slug: 'moved-sheet' });
    // Still a private sheet: the old slug opens nothing more than the new one does.
    expect((await bySlug(old, other.token)).status).toBe(404);

    expect((await t.reply(S()['validate-slug'].$get({ query: { slug: old } }, t.as(other.token)))).body.data.valid).toBe(false);
    const created = await t.reply(S()['create-sheet'].$post({ json: { name: 'Thief', slug: old } }, t.as(other.token)));
    expect(created.status).toBe(409);
    const mine = await t.createSheet(other.token, 'Other');
    const renamed = await setSlug(other.token, mine._id, old);
    expect(renamed.status).toBe(409);

    // The owner may take it back; then the slug in between is the one kept.
    expect((await setSlug(owner.token, sheet._id, old)).status).toBe(200);
    expect((await bySlug('moved-sheet', owner.token)).body.data.sheet.slug).toBe(old);
    expect((await setSlug(other.token, mine._id, 'moved-sheet')).status).toBe(409);

    // A deleted sheet frees its old slugs with it.
    expect((await t.reply(S()['delete-sheet'][':id'].$delete({ param: { id: sheet._id } }, t.as(owner.token)))).status).toBe(200);
    expect((await setSlug(other.token, mine._id, 'moved-sheet')).status).toBe(200);
  });
});
