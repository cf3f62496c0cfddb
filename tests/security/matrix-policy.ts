/**
 * Who may call what (spec §6, docs/api.md), one entry per route. A route the app registers
 * without an entry here fails the access matrix, so every new route gets a rule.
 */
import { EXPORT_MESSAGES } from '../../shared/rules/exports';
import { NOTE_MESSAGES } from '../../shared/rules/notes';
import { SOLUTION_MESSAGES } from '../../shared/rules/solutions';
import { SHEET_MESSAGES } from '../../shared/rules/sheet';
import { REVIEW_MESSAGES } from '../../shared/schemas/review';
import { WORKSPACE_MESSAGES } from '../../shared/schemas/workspace';
import { INVITE_NOT_FOUND } from '../../api/services/sheet-lists';
import { C, NOTES, PASSWORD, problemUrl, S, SOLUTIONS, unique, WS, type SheetRes } from './matrix-world';
import { CF, CREATOR, EDITORS, EX, JA, KEEPS, RV, type RoutePolicy, SHEETS, U, csv, customOf, following, id, one, open, owned, personal, personalSays, questionOf, sheet, sheetAct, sheetRead, spare, status } from './matrix-cells';
import { GROUP_POLICIES } from './matrix-policy-groups';

export type { Expectation } from './matrix-cells';

export const POLICIES: RoutePolicy[] = [
  // Accounts
  { method: 'POST', path: '/auth/v1/signup', cases: one('signup', ['open'], open(201), () => ({ path: '/auth/v1/signup', body: { email: `${unique('new')}@example.com`, password: PASSWORD, firstName: 'New' } })) },
  {
    method: 'POST',
    path: '/auth/v1/login',
    cases: one('login', ['open'], open(200), async (ctx) => {
      const p = await ctx.world.throwaway();
      return { path: '/auth/v1/login', body: { email: p.email, password: PASSWORD } };
    }),
  },
  { method: 'POST', path: '/auth/v1/logout', cases: one('logout', ['self'], personal(), async (ctx) => ({ path: '/auth/v1/logout', token: await spare(ctx) })) },
  { method: 'GET', path: '/auth/v1/me', cases: one('me', ['self'], personal(), () => ({ path: '/auth/v1/me' })) },
  {
    method: 'POST',
    path: '/auth/v1/change-password',
    cases: one('change own password', ['self'], personal(), async (ctx) => ({
      path: '/auth/v1/change-password',
      token: await spare(ctx),
      body: { currentPassword: PASSWORD, newPassword: 'another horse battery' },
    })),
  },
  { method: 'GET', path: '/auth/v1/account/sheets', cases: one('own sheets', ['self'], personal(), () => ({ path: '/auth/v1/account/sheets' })) },
  {
    method: 'POST',
    path: '/auth/v1/delete-account',
    cases: one('delete own account', ['self'], personal(), async (ctx) => ({ path: '/auth/v1/delete-account', token: await spare(ctx), body: { password: PASSWORD } })),
  },
  // Anyone may ask for a reset link (the answer is the same for every e-mail); only the link's token decides a reset.
  { method: 'POST', path: '/auth/v1/forgot-password', cases: one('ask for a reset link', ['open'], open(200), () => ({ path: '/auth/v1/forgot-password', body: { email: `${unique('forgot')}@example.com` } })) },
  { method: 'POST', path: '/auth/v1/reset-password', cases: one('reset with a made-up link', ['open'], open(400), () => ({ path: '/auth/v1/reset-password', body: { token: 'x'.repeat(43), password: 'another horse battery' } })) },
  // Only the link's token decides a verification; a resend mails the caller's own address (no mail set up here: 400).
  { method: 'POST', path: '/auth/v1/verify-email', cases: one('verify with a made-up link', ['open'], open(400), () => ({ path: '/auth/v1/verify-email', body: { token: 'x'.repeat(43) } })) },
  { method: 'POST', path: '/auth/v1/resend-verification', cases: one('resend own link', ['self'], personal(400), () => ({ path: '/auth/v1/resend-verification' })) },
  { method: 'GET', path: '/healthz', cases: one('health', ['open'], open(), () => ({ path: '/healthz' })) },
  // The extension's packages: open to anyone; the test app has none built, so each is the 404 that says so.
  { method: 'GET', path: '/downloads/extension-chrome.zip', cases: one('package', ['open'], open(404), () => ({ path: '/downloads/extension-chrome.zip' })) },
  { method: 'GET', path: '/downloads/extension-firefox.zip', cases: one('package', ['open'], open(404), () => ({ path: '/downloads/extension-firefox.zip' })) },

  // Catalogue
  {
    method: 'GET',
    path: '/question-tracker/v1/question/search-question2',
    // A custom question is known only to those who have something of it (a record, a name, a note): to
    // anyone else it is unknown, and nothing anyone named it shows. This one is in the creator's public
    // sheet and carries a note of the creator's and one of other's; neither note may show to anyone else.
    cases: [
      ...one('lookup', ['open'], (a) => status(a === 'creator' || a === 'other' ? 200 : 404), (ctx) => ({
        path: `/question-tracker/v1/question/search-question2?problemUrl=${encodeURIComponent((ctx.world.shared.publicSheet as SheetRes).problemUrls[0]!)}`,
      })),
      ...one('lookup of a workspace-only custom question', ['record'], (a) => status(a === 'creator' ? 200 : 404), (ctx) => ({
        path: `/question-tracker/v1/question/search-question2?problemUrl=${encodeURIComponent(customOf(ctx).problemUrl)}`,
      })),
      ...one('lookup of a private sheet custom question', ['privateSheet'], () => status(404), (ctx) => ({
        path: `/question-tracker/v1/question/search-question2?problemUrl=${encodeURIComponent(sheet(ctx).problemUrls[0]!)}`,
      })),
    ],
  },
  {
    method: 'GET',
    path: '/question-tracker/v1/question/search',
    cases: [
      ...one('search', ['open'], open(), () => ({ path: '/question-tracker/v1/question/search?name=matrix' })),
      // The leak check shows whether a name only its owner may see comes back to anyone else.
      ...one('search for a workspace-only custom name', ['record'], open(), (ctx) => ({ path: `/question-tracker/v1/question/search?name=${encodeURIComponent(customOf(ctx).name)}` })),
      ...one('search for a private sheet custom title', ['privateSheet'], open(), () => ({ path: '/question-tracker/v1/question/search?name=private%20custom%20title' })),
    ],
  },
  {
    method: 'PATCH',
    path: '/question-tracker/v1/question/enrich',
    cases: [
      ...one('enrich', ['self'], personal(), (ctx) => ({
        path: '/question-tracker/v1/question/enrich',
        body: { problemUrl: (ctx.world.shared.publicSheet as SheetRes).problemUrls[1] },
      })),
      // Another user's enrichment: answered, and changes nothing the owner sees.
      {
        label: "enrich someone's custom question",
        targets: ['record', 'privateSheet', 'publicSheet'],
        expect: personal(),
        request: (ctx) => ({
          path: '/question-tracker/v1/question/enrich',
          body: { problemUrl: ctx.target === 'record' ? customOf(ctx).problemUrl : sheet(ctx).problemUrls[0], name: 'Defaced by a visit', difficulty: 'Hard', topics: ['Graffiti'] },
        }),
        harmless: (a) => a !== 'creator',
      },
    ],
  },

  // Workspace
  {
    method: 'POST',
    path: `${WS}/solve-question`,
    cases: one('add to own workspace', ['self'], personal(201), () => ({ path: `${WS}/solve-question`, body: { custom: { name: 'Added', problemUrl: problemUrl() } } })),
  },
  { method: 'GET', path: `${WS}/get-questions`, cases: one('list', ['self'], personal(), () => ({ path: `${WS}/get-questions` })) },
  { method: 'GET', path: `${WS}/get-filters`, cases: one('filters', ['self'], personal(), () => ({ path: `${WS}/get-filters` })) },
  { method: 'GET', path: `${WS}/export`, cases: one('export', ['self'], personal(), () => ({ path: `${WS}/export` })) },
  {
    method: 'PATCH',
    path: `${WS}/update-question/:id`,
    cases: one('tick a record', ['record'], owned(200, WORKSPACE_MESSAGES.recordNotFound), (ctx) => ({ path: `${WS}/update-question/${id(ctx)}`, body: { starred: true } })),
  },
  {
    method: 'PATCH',
    path: `${WS}/update-custom-question/:id`,
    cases: one('rename a custom question', ['record'], owned(200, WORKSPACE_MESSAGES.recordNotFound), (ctx) => ({
      path: `${WS}/update-custom-question/${id(ctx)}`,
      body: { name: 'Renamed question' },
    })),
  },
  {
    method: 'DELETE',
    path: `${WS}/remove-question/:id`,
    cases: one('remove a record', ['record'], owned(200, WORKSPACE_MESSAGES.recordNotFound), (ctx) => ({ path: `${WS}/remove-question/${id(ctx)}` })),
  },
  {
    method: 'POST',
    path: `${WS}/remove-imported`,
    // Taking back an import's custom questions touches the caller's own records only: someone else's record
    // of the same question stays, and so does the question (the owner has a record of it).
    cases: [{ label: "remove someone's custom question", targets: ['record'], expect: personal(), request: (ctx) => ({ path: `${WS}/remove-imported`, body: { questionIds: [questionOf(ctx)] } }), harmless: (a) => a !== 'creator' }],
  },
  { method: 'GET', path: '/question-tracker/v1/user/analytics/get', cases: one('analytics', ['self'], personal(), () => ({ path: '/question-tracker/v1/user/analytics/get?days=-1' })) },
  { method: 'GET', path: '/question-tracker/v1/user/analytics/activity', cases: one('activity', ['self'], personal(), () => ({ path: '/question-tracker/v1/user/analytics/activity' })) },

  // History sync: into the caller's own workspace only
  {
    method: 'POST',
    path: '/question-tracker/v1/user/sync/import',
    cases: one('import own history', ['self'], personal(), () => ({ path: '/question-tracker/v1/user/sync/import', body: { platform: 'leetcode', submissions: [{ problemUrl: problemUrl(), solvedAt: '2026-01-01T00:00:00Z' }] } })),
  },

  // Review queue: each person's own
  ...(['due', 'count', 'goal', 'streak', 'stats'] as const).map(
    (p): RoutePolicy => ({ method: 'GET', path: `${RV}/${p}`, cases: one(`review ${p}`, ['self'], personal(), () => ({ path: `${RV}/${p}` })) }),
  ),
  { method: 'PUT', path: `${RV}/goal`, cases: one('set own goal', ['self'], personal(), () => ({ path: `${RV}/goal`, body: { reviews: 3, newProblems: 1 } })) },
  {
    method: 'POST',
    path: `${RV}/rate/:questionId`,
    // Rating someone's custom question puts it in the rater's own workspace: the owner's record stays as it was.
    cases: [{ label: 'rate', targets: ['record'], expect: personal(), request: (ctx) => ({ path: `${RV}/rate/${questionOf(ctx)}`, body: { rating: 'good' } }), harmless: (a) => a !== 'creator' }],
  },
  ...(['suspend', 'resume'] as const).map(
    (p): RoutePolicy => ({
      method: 'POST',
      path: `${RV}/${p}/:questionId`,
      cases: one(p, ['record'], owned(200, REVIEW_MESSAGES.notFound), (ctx) => ({ path: `${RV}/${p}/${questionOf(ctx)}` })),
    }),
  ),
  {
    method: 'POST',
    path: '/question-tracker/v1/user/uploader/progress',
    cases: one('progress import', ['self'], personal(), () => ({ path: '/question-tracker/v1/user/uploader/progress', body: csv('problemUrl,solved', `${problemUrl()},true`) })),
  },
  {
    method: 'POST',
    path: '/question-tracker/v1/user/uploader/sheet',
    cases: one('bulk import', SHEETS, sheetAct(EDITORS), (ctx) => {
      const form = csv('problemUrl,topic,subTopic', `${problemUrl()},Imported,Part`);
      form.set('sheetId', id(ctx));
      return { path: '/question-tracker/v1/user/uploader/sheet', body: form };
    }, KEEPS),
  },

  // Notes
  { method: 'GET', path: `${NOTES}/get-notes`, cases: one('list notes', ['self'], personal(), () => ({ path: `${NOTES}/get-notes` })) },
  { method: 'GET', path: `${NOTES}/get-tags`, cases: one('note tags', ['self'], personal(), () => ({ path: `${NOTES}/get-tags` })) },
  {
    method: 'GET',
    path: `${NOTES}/get-question-notes/:questionId`,
    // Everyone may open notes for a question; only their own notes come back.
    cases: one('notes of a question', ['self'], personal(), (ctx) => ({ path: `${NOTES}/get-question-notes/${ctx.world.noteQuestionId}` })),
  },
  { method: 'GET', path: `${NOTES}/get-note/:id`, cases: one('read a note', ['note'], owned(200, NOTE_MESSAGES.notFound), (ctx) => ({ path: `${NOTES}/get-note/${id(ctx)}` })) },
  { method: 'POST', path: `${NOTES}/create-note`, cases: one('write a note', ['self'], personal(201), () => ({ path: `${NOTES}/create-note`, body: { note: '<p>my own note</p>' } })) },
  {
    method: 'PATCH',
    path: `${NOTES}/update-note/:id`,
    cases: one('edit a note', ['note'], owned(200, NOTE_MESSAGES.notFound), (ctx) => ({ path: `${NOTES}/update-note/${id(ctx)}`, body: { title: 'Overwritten', note: '<p>overwritten</p>' } })),
  },
  { method: 'DELETE', path: `${NOTES}/delete-note/:id`, cases: one('delete a note', ['note'], owned(200, NOTE_MESSAGES.notFound), (ctx) => ({ path: `${NOTES}/delete-note/${id(ctx)}` })) },

  // Kept solutions: the code is its owner's alone; another person's version answers as a missing one.
  {
    method: 'POST',
    path: SOLUTIONS,
    cases: one('keep a solution', ['self'], personal(201), () => ({
      path: SOLUTIONS,
      body: { url: problemUrl(), code: 'print(1)', language: 'python3', acceptedAt: new Date().toISOString(), source: 'manual' },
    })),
  },
  {
    method: 'GET',
    path: SOLUTIONS,
    // Anyone signed in may ask for a question's versions; only their own come back (the secrets check).
    cases: one('versions of a question', ['solution'], personal(), (ctx) => ({ path: `${SOLUTIONS}?questionId=${questionOf(ctx)}` }), KEEPS),
  },
  {
    method: 'PATCH',
    path: `${SOLUTIONS}/:id`,
    // Publishing shows the code on the profile: a fresh copy, so its secret ends with the cell.
    cases: one('publish a solution', ['solution'], owned(200, SOLUTION_MESSAGES.notFound), (ctx) => ({ path: `${SOLUTIONS}/${id(ctx)}`, body: { published: true } })),
  },
  { method: 'DELETE', path: `${SOLUTIONS}/:id`, cases: one('delete a solution', ['solution'], owned(200, SOLUTION_MESSAGES.notFound), (ctx) => ({ path: `${SOLUTIONS}/${id(ctx)}` })) },

  // Sheets
  {
    method: 'POST',
    path: `${S}/create-sheet`,
    cases: one('create', ['self'], personal(201), () => {
      const slug = unique('new-sheet');
      return { path: `${S}/create-sheet`, body: { name: slug, slug } };
    }),
  },
  { method: 'GET', path: `${S}/validate-slug`, cases: one('validate slug', ['open'], open(), () => ({ path: `${S}/validate-slug?slug=${unique('free')}` })) },
  { method: 'GET', path: `${S}/get-sheet-data/:id`, cases: one('read by id', SHEETS, sheetRead, (ctx) => ({ path: `${S}/get-sheet-data/${id(ctx)}` })) },
  { method: 'GET', path: `${S}/get-sheet-data-by-slug/:slug`, cases: one('read by slug', SHEETS, sheetRead, (ctx) => ({ path: `${S}/get-sheet-data-by-slug/${sheet(ctx).slug}` })) },
  {
    method: 'PATCH',
    path: `${S}/update-sheet/:id`,
    cases: [
      { label: 'rename', targets: SHEETS, expect: sheetAct(CREATOR), request: (ctx) => ({ path: `${S}/update-sheet/${id(ctx)}`, body: { name: unique('Renamed'), description: 'taken over' } }) },
      { label: 'retag', targets: SHEETS, expect: sheetAct(CREATOR), request: (ctx) => ({ path: `${S}/update-sheet/${id(ctx)}`, body: { tag: ['hijacked'] } }), spoils: KEEPS },
      {
        label: 'reorder',
        targets: SHEETS,
        expect: sheetAct(EDITORS, 200, SHEET_MESSAGES.reorderForbidden),
        spoils: KEEPS,
        request: async (ctx) => {
          const s = await ctx.world.refresh(sheet(ctx));
          const config = { ...s.config, questionOrder: [...s.mappingIds].reverse() };
          return { path: `${S}/update-sheet/${s.id}`, body: { config, version: s.version } };
        },
      },
    ],
  },
  { method: 'PATCH', path: `${S}/public/follow-sheet/:id`, cases: one('follow', SHEETS, following, (ctx) => ({ path: `${S}/public/follow-sheet/${id(ctx)}` })) },
  { method: 'PATCH', path: `${S}/public/unfollow-sheet/:id`, cases: one('unfollow', SHEETS, following, (ctx) => ({ path: `${S}/public/unfollow-sheet/${id(ctx)}` })) },
  { method: 'PATCH', path: `${S}/update-sheet-slug/:id`, cases: one('change slug', SHEETS, sheetAct(CREATOR), (ctx) => ({ path: `${S}/update-sheet-slug/${id(ctx)}`, body: { slug: unique('moved') } })) },
  { method: 'PATCH', path: `${S}/mark-sheet-private/:id`, cases: one('make private', SHEETS, sheetAct(CREATOR), (ctx) => ({ path: `${S}/mark-sheet-private/${id(ctx)}` })) },
  { method: 'PATCH', path: `${S}/mark-sheet-public/:id`, cases: one('make public', SHEETS, sheetAct(CREATOR), (ctx) => ({ path: `${S}/mark-sheet-public/${id(ctx)}` })) },
  { method: 'DELETE', path: `${S}/delete-sheet/:id`, cases: one('delete', SHEETS, sheetAct(CREATOR), (ctx) => ({ path: `${S}/delete-sheet/${id(ctx)}` })) },
  { method: 'GET', path: `${C}/get-collaborators/:id`, cases: one('collaborators', SHEETS, sheetRead, (ctx) => ({ path: `${C}/get-collaborators/${id(ctx)}` })) },
  {
    method: 'POST',
    path: `${S}/add-questions/:id`,
    cases: one('add questions', SHEETS, sheetAct(EDITORS, 201), (ctx) => ({
      path: `${S}/add-questions/${id(ctx)}`,
      body: { data: [{ topic: sheet(ctx).topic, subTopic: '', problemUrl: problemUrl() }] },
    }), KEEPS),
  },
  {
    method: 'PATCH',
    path: `${S}/update-mapping/:id/:mappingId`,
    cases: one(
      'move a question',
      SHEETS,
      sheetAct(EDITORS, 200, SHEET_MESSAGES.reorderForbidden),
      async (ctx) => {
        const s = await ctx.world.refresh(sheet(ctx));
        return { path: `${S}/update-mapping/${s.id}/${s.mappingIds[0]}`, body: { topic: s.topic, subTopic: '', questionOrder: [...s.mappingIds].reverse(), version: s.version } };
      },
      KEEPS,
    ),
  },
  {
    method: 'DELETE',
    path: `${S}/remove-question/:id/:mappingId`,
    cases: one('remove a question', SHEETS, sheetAct(EDITORS), (ctx) => ({ path: `${S}/remove-question/${id(ctx)}/${sheet(ctx).mappingIds[0]}` })),
  },
  { method: 'POST', path: `${S}/add-topic/:id`, cases: one('add topic', SHEETS, sheetAct(EDITORS, 201), (ctx) => ({ path: `${S}/add-topic/${id(ctx)}`, body: { topic: unique('Topic') } }), KEEPS) },
  {
    method: 'PATCH',
    path: `${S}/update-topic/:id`,
    cases: one('rename topic', SHEETS, sheetAct(EDITORS), (ctx) => ({ path: `${S}/update-topic/${id(ctx)}`, body: { oldTopic: sheet(ctx).topic, newTopic: 'Renamed topic' } })),
  },
  {
    method: 'DELETE',
    path: `${S}/delete-topic/:id`,
    cases: one('delete topic', SHEETS, sheetAct(EDITORS), (ctx) => ({ path: `${S}/delete-topic/${id(ctx)}?topic=${encodeURIComponent(sheet(ctx).topic)}` })),
  },
  {
    method: 'POST',
    path: `${S}/add-subTopic/:id`,
    cases: one('add subtopic', SHEETS, sheetAct(EDITORS, 201), (ctx) => ({ path: `${S}/add-subTopic/${id(ctx)}`, body: { topic: sheet(ctx).topic, subTopic: unique('Sub') } }), KEEPS),
  },
  {
    method: 'PATCH',
    path: `${S}/update-subTopic/:id`,
    cases: one('rename subtopic', SHEETS, sheetAct(EDITORS), (ctx) => {
      const s = sheet(ctx);
      return { path: `${S}/update-subTopic/${s.id}`, body: { topic: s.topic, oldSubTopic: s.subTopic, newSubTopic: 'Renamed sub' } };
    }),
  },
  {
    method: 'DELETE',
    path: `${S}/delete-Subtopic/:id`,
    cases: one('delete subtopic', SHEETS, sheetAct(EDITORS), (ctx) => {
      const s = sheet(ctx);
      return { path: `${S}/delete-Subtopic/${s.id}?topic=${encodeURIComponent(s.topic)}&subTopic=${encodeURIComponent(s.subTopic)}` };
    }),
  },
  {
    method: 'PATCH',
    path: `${S}/mark-question/:id/:mappingId`,
    cases: one('tick from a sheet', SHEETS, sheetAct(['creator', 'collaborator', 'follower'], 200, SHEET_MESSAGES.followRequired), (ctx) => ({
      path: `${S}/mark-question/${id(ctx)}/${sheet(ctx).mappingIds[0]}`,
      body: { checked: true, starred: true },
    }), KEEPS),
  },

  // Lists and invites
  { method: 'GET', path: `${S}/public/get-public-sheets`, cases: one('explore', ['open'], open(), () => ({ path: `${S}/public/get-public-sheets?category=all` })) },
  { method: 'GET', path: `${S}/premium/get-all-sheets`, cases: one('premium', ['open'], open(), () => ({ path: `${S}/premium/get-all-sheets` })) },
  { method: 'GET', path: `${S}/my-sheets`, cases: one('my sheets', ['self'], personal(), () => ({ path: `${S}/my-sheets` })) },
  { method: 'PATCH', path: `${C}/accept-invite/:inviteId`, cases: one('accept', ['invite'], owned(200, INVITE_NOT_FOUND), (ctx) => ({ path: `${C}/accept-invite/${id(ctx)}` })) },
  { method: 'PATCH', path: `${C}/decline-invite/:inviteId`, cases: one('decline', ['invite'], owned(200, INVITE_NOT_FOUND), (ctx) => ({ path: `${C}/decline-invite/${id(ctx)}` })) },
  {
    method: 'POST',
    path: `${C}/send-collaboration-invite/:sheetId`,
    cases: one('invite', SHEETS, sheetAct(EDITORS, 201), (ctx) => ({ path: `${C}/send-collaboration-invite/${id(ctx)}`, body: { email: `${unique('invitee')}@example.com` } }), KEEPS),
  },
  { method: 'GET', path: `${C}/get-sheet-collaborations-invites/:sheetId`, cases: one('pending invites', SHEETS, sheetAct(EDITORS), (ctx) => ({ path: `${C}/get-sheet-collaborations-invites/${id(ctx)}` })) },
  {
    method: 'DELETE',
    path: `${C}/remove-collaborator/:sheetId/:collaboratorId`,
    cases: one('remove collaborator', SHEETS, sheetAct(CREATOR), (ctx) => ({ path: `${C}/remove-collaborator/${id(ctx)}/${sheet(ctx).collaboratorEntryId}` })),
  },
  { method: 'DELETE', path: `${C}/remove-me/:sheetId`, cases: one('leave', SHEETS, sheetAct(['collaborator']), (ctx) => ({ path: `${C}/remove-me/${id(ctx)}` })) },

  // Profiles: public, without emails or private sheets.
  { method: 'GET', path: '/question-tracker/v1/profile/:profileName', cases: one('profile', ['open'], open(), (ctx) => ({ path: `/question-tracker/v1/profile/${ctx.world.people.creator.profileName}` })) },
  // Avatars are public images; editing a profile or its avatar touches only the caller's own account.
  // /profile/avatar/:userId, declared as two parameters (api/routes/profiles.ts).
  { method: 'GET', path: '/question-tracker/v1/profile/:profileName/:userId', cases: one('avatar (none set)', ['open'], open(404), (ctx) => ({ path: `/question-tracker/v1/profile/avatar/${ctx.world.people.creator.id}` })) },
  {
    method: 'PATCH',
    path: '/question-tracker/v1/user/profile',
    cases: one('edit own profile', ['self'], personal(), async (ctx) => ({ path: '/question-tracker/v1/user/profile', token: await spare(ctx), body: { firstName: 'Renamed', secondName: '', profileName: unique('renamed') } })),
  },
  {
    method: 'POST',
    path: '/question-tracker/v1/user/uploader/avatar',
    cases: one('upload a non-image as avatar', ['self'], personal(415), async (ctx) => ({ path: '/question-tracker/v1/user/uploader/avatar', token: await spare(ctx), body: csv('not', 'an image', 'me.png') })),
  },
  { method: 'DELETE', path: '/question-tracker/v1/user/uploader/avatar', cases: one('remove own avatar', ['self'], personal(), async (ctx) => ({ path: '/question-tracker/v1/user/uploader/avatar', token: await spare(ctx) })) },

  // Judge accounts: the caller's own. Cells never reach a judge: a bad handle is refused before any request.
  { method: 'GET', path: JA, cases: one('own accounts', ['self'], personal(), () => ({ path: JA })) },
  { method: 'PUT', path: `${JA}/:platform`, cases: one('link (bad handle)', ['self'], personal(400), () => ({ path: `${JA}/codeforces`, body: { handle: 'no spaces allowed' } })) },
  { method: 'PATCH', path: `${JA}/:platform`, cases: one('show or hide (none linked)', ['self'], personal(404), async (ctx) => ({ path: `${JA}/codeforces`, body: { public: true }, token: await spare(ctx) })) },
  { method: 'DELETE', path: `${JA}/:platform`, cases: one('unlink (none linked)', ['self'], personal(404), async (ctx) => ({ path: `${JA}/codeforces`, token: await spare(ctx) })) },
  { method: 'POST', path: `${JA}/:platform/refresh`, cases: one('refresh (none linked)', ['self'], personal(404), async (ctx) => ({ path: `${JA}/codeforces/refresh`, token: await spare(ctx) })) },
  // Leaderboard: public figures of opted-in users; the opt-in is the caller's own.
  { method: 'GET', path: '/question-tracker/v1/leaderboard', cases: one('leaderboard', ['open'], open(), () => ({ path: '/question-tracker/v1/leaderboard?metric=c_score' })) },
  { method: 'PUT', path: '/question-tracker/v1/leaderboard/opt-in', cases: one('opt in', ['self'], personal(), async (ctx) => ({ path: '/question-tracker/v1/leaderboard/opt-in', body: { optIn: true }, token: await spare(ctx) })) },
  // Contests: public; calendars are text/calendar, so the cells here are their JSON refusals (contests.test.ts reads the calendars).
  { method: 'GET', path: '/question-tracker/v1/contests', cases: one('contests', ['open'], open(), () => ({ path: '/question-tracker/v1/contests' })) },
  { method: 'GET', path: '/question-tracker/v1/contests.ics', cases: one('calendar (bad filter)', ['open'], open(400), () => ({ path: `/question-tracker/v1/contests.ics?platform=${'x'.repeat(41)}` })) },
  // /contests/:contestId/calendar.ics and /contests/feed/:file, declared as one route (api/routes/contests.ts).
  {
    method: 'GET',
    path: '/question-tracker/v1/contests/:contestId/:file',
    cases: [
      ...one('one contest (unknown)', ['open'], open(404), () => ({ path: `/question-tracker/v1/contests/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}/calendar.ics` })),
      ...one('feed (unknown token)', ['open'], open(404), () => ({ path: `/question-tracker/v1/contests/feed/${'A'.repeat(43)}.ics` })),
    ],
  },
  { method: 'GET', path: CF, cases: one('own feed', ['self'], personal(), () => ({ path: CF })) },
  { method: 'PUT', path: CF, cases: one('create or rotate feed', ['self'], personal(), async (ctx) => ({ path: CF, body: {}, token: await spare(ctx) })) },
  { method: 'DELETE', path: CF, cases: one('revoke feed (none)', ['self'], personal(404), async (ctx) => ({ path: CF, token: await spare(ctx) })) },

  // Groups: members only (404 for anyone else, a removed member too); the owner runs it, mentors invite and assign.
  ...GROUP_POLICIES,
  // Exports: the caller's own connection and files. Cells never reach GitHub: a bad owner is refused first,
  // and the downloads' cells are their JSON refusals (api/routes/exports.test.ts reads the files).
  { method: 'GET', path: `${EX}/github`, cases: one('own export state', ['self'], personal(), () => ({ path: `${EX}/github` }), KEEPS) },
  { method: 'PUT', path: `${EX}/github`, cases: one('connect (bad owner)', ['self'], personalSays(400, EXPORT_MESSAGES.badOwner), () => ({ path: `${EX}/github`, body: { owner: '-x', repo: 'r', branch: 'main', token: 'github_pat_0000000000000000000000' } })) },
  { method: 'DELETE', path: `${EX}/github`, cases: one('disconnect (none)', ['self'], personalSays(404, EXPORT_MESSAGES.notConnected), async (ctx) => ({ path: `${EX}/github`, token: await spare(ctx) })) },
  { method: 'POST', path: `${EX}/github/run`, cases: one('run (none connected)', ['self'], personalSays(404, EXPORT_MESSAGES.notConnected), async (ctx) => ({ path: `${EX}/github/run`, token: await spare(ctx) })) },
  { method: 'GET', path: `${EX}/solutions.zip`, cases: one('own zip (bad option)', ['self'], personal(400), () => ({ path: `${EX}/solutions.zip?notes=maybe` }), KEEPS) },
  { method: 'GET', path: `${EX}/anki.apkg`, cases: one('own deck (bad option)', ['self'], personal(400), () => ({ path: `${EX}/anki.apkg?notes=maybe` }), KEEPS) },

  // Practice: each person's own recommendations, dismissals and upsolve list.
  { method: 'GET', path: `${U}/recommendations`, cases: one('own recommendations', ['self'], personal(), () => ({ path: `${U}/recommendations?platform=codeforces&band=easy` }), KEEPS) },
  { method: 'GET', path: `${U}/next`, cases: one('next from own sheets', ['self'], personal(), () => ({ path: `${U}/next` }), KEEPS) },
  { method: 'GET', path: `${U}/upsolve`, cases: one('own upsolve list', ['self'], personal(), () => ({ path: `${U}/upsolve` }), KEEPS) },
  // The matrix's database has no rated list: a dismissal names no rated problem (404), its undo answers alike.
  { method: 'POST', path: `${U}/practice/dismissals`, cases: one('dismiss (unrated)', ['self'], personal(404), () => ({ path: `${U}/practice/dismissals`, body: { platform: 'codeforces', key: '1A' } })) },
  { method: 'DELETE', path: `${U}/practice/dismissals/:platform/:key`, cases: one('undo a dismissal', ['self'], personal(), () => ({ path: `${U}/practice/dismissals/codeforces/1A` })) },
];

export const routeKey = (method: string, path: string) => `${method} ${path}`;
