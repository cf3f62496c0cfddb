/**
 * The people and resources the access matrix runs against: one creator with a public sheet, a private
 * sheet, a note, a workspace record and an invite addressed to them, a parallel set owned by "other",
 * and fresh copies for cells whose success would change what later cells see.
 */
import { randomBytes } from 'node:crypto';
import type { Note } from '../../shared/schemas/note';
import type { Invite } from '../../shared/schemas/sharing';
import type { Mapping, Sheet, SheetConfig, SheetProgress } from '../../shared/schemas/sheet';
import type { SolveQuestionResult } from '../../shared/schemas/workspace';
import type { createTestApp, Reply } from '../../api/testing';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export const ACTORS = ['anonymous', 'stranger', 'follower', 'collaborator', 'creator', 'other'] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * What a cell acts on. Sheets, the note, the record and the invite belong to the creator (for the invite:
 * it is addressed to the creator); `self` is a personal route without a resource id, `open` a route for anyone.
 * In a group the creator is the owner, the collaborator a mentor, the follower a member, the stranger an
 * outsider and "other" a member who was removed.
 */
export type Target = 'publicSheet' | 'privateSheet' | 'note' | 'record' | 'invite' | 'group' | 'solution' | 'self' | 'open';

export const S = '/question-tracker/v2/sheet';
export const C = `${S}/collaborators`;
export const NOTES = '/question-tracker/v1/user/notes';
export const WS = '/question-tracker/v1/user/question';
export const GR = '/question-tracker/v1/groups';
export const SOLUTIONS = '/question-tracker/v1/user/solutions';

export const PASSWORD = 'correct horse battery';

export interface Person {
  token: string;
  email: string;
  profileName: string;
  id: string;
}

export interface SheetRes {
  kind: 'sheet';
  id: string;
  slug: string;
  name: string;
  version: number;
  mappingIds: string[];
  questionIds: string[];
  problemUrls: string[];
  /** The tree order as last read (see refresh). */
  config: SheetConfig;
  topic: string;
  subTopic: string;
  /** The collaborator's entry (as remove-collaborator takes it); empty when the sheet has none. */
  collaboratorEntryId: string;
}
export interface IdRes {
  kind: 'note' | 'record' | 'invite' | 'solution';
  id: string;
  /** A record's question: a custom one, named by its owner alone. */
  questionId?: string;
  problemUrl?: string;
  name?: string;
}
export interface GroupRes {
  kind: 'group';
  id: string;
  inviteCode: string;
  assignmentId: string;
  /** The member (the follower), whom role changes and removals act on. */
  memberId: string;
}
export type Resource = SheetRes | IdRes | GroupRes;

/** A text only some actors may see; a response showing it to anyone else is a leak. */
export interface Secret {
  text: string;
  visibleTo: readonly Actor[];
  what: string;
}

/** What get-sheet-data answers. */
interface SheetData {
  sheet: Sheet;
  mappings: Mapping[];
  progress: SheetProgress;
}
/** What add-questions answers: the new placements, each with its question's id. */
interface AddedQuestions {
  mappings: { _id: string; questionId: string }[];
}

export const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;
export const problemUrl = () => `https://leetcode.com/problems/${unique('matrix')}/`;

function expectStatus<T>(reply: Reply<T>, status: number, what: string): Reply<T> {
  // An empty answer has a null body.
  const body = reply.body as Reply<T>['body'] | null;
  if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${reply.status} ${JSON.stringify(body?.status)}`);
  return reply;
}

export class World {
  readonly people = {} as Record<Exclude<Actor, 'anonymous'>, Person>;
  /** Invites to the creator and to other are sent from the host's sheets. */
  host!: Person;
  readonly secrets: Secret[] = [];
  readonly shared = {} as Record<'publicSheet' | 'privateSheet' | 'note' | 'record' | 'invite' | 'group' | 'solution', Resource>;
  /** The question the creator's note belongs to (it sits in the creator's public sheet). */
  noteQuestionId = '';

  constructor(readonly t: TestApp) {}

  token(actor: Actor): string | null {
    return actor === 'anonymous' ? null : this.people[actor].token;
  }

  private async person(name: string): Promise<Person> {
    const s = await this.t.signup(name);
    return { token: s.token, email: s.email, profileName: s.user.profileName, id: s.user._id };
  }

  /** A signed-up user nobody else relates to, for cells that spend their account (logout, password, deletion). */
  async throwaway(): Promise<Person> {
    return this.person('Spare');
  }

  async build(): Promise<void> {
    for (const actor of ['creator', 'collaborator', 'follower', 'stranger', 'other'] as const) this.people[actor] = await this.person(actor);
    this.host = await this.person('Host');
    const { creator, collaborator, follower, stranger, other } = this.people;
    // Members of the creator's sheets see each other's emails; nobody else sees anyone's.
    this.secrets.push(
      { text: creator.email, visibleTo: ['creator', 'collaborator'], what: "the creator's email" },
      { text: collaborator.email, visibleTo: ['creator', 'collaborator'], what: "the collaborator's email" },
      { text: follower.email, visibleTo: ['follower'], what: "the follower's email" },
      { text: stranger.email, visibleTo: ['stranger'], what: "the stranger's email" },
      { text: other.email, visibleTo: ['other'], what: "other's email" },
    );
    this.shared.publicSheet = await this.sheet('public');
    this.shared.privateSheet = await this.sheet('private');
    this.noteQuestionId = this.shared.publicSheet.questionIds[0]!;
    this.shared.note = await this.note(creator, true);
    this.shared.record = await this.record(creator, true);
    this.shared.invite = await this.invite(creator, true);
    this.shared.solution = await this.solution(creator, true);
    // The parallel resources of "other": the same kinds, so a check that only asks "owns one of these" shows.
    await this.sheet('public', this.people.other);
    await this.sheet('private', this.people.other);
    await this.note(this.people.other, false);
    await this.record(this.people.other, false);
    await this.invite(this.people.other, false);
    await this.solution(this.people.other, false);
    this.shared.group = await this.group();
  }

  /**
   * A group of the creator's: the collaborator a mentor, the follower a member, "other" joined and was
   * removed; the creator's public sheet assigned. Its name and code are secrets of its members.
   */
  async group(secret = true): Promise<GroupRes> {
    const { t } = this;
    const { creator, collaborator, follower, other } = this.people;
    const name = unique('Group');
    const made = expectStatus(await t.call<{ group: { id: string; inviteCode: string } }>('POST', GR, { token: creator.token, body: { name } }), 201, 'create group');
    const { id, inviteCode } = made.body.data.group;
    for (const p of [collaborator, follower, other]) expectStatus(await t.call('POST', `${GR}/join/${inviteCode}`, { token: p.token }), 200, 'join');
    expectStatus(await t.call('PATCH', `${GR}/${id}/members/${collaborator.id}`, { token: creator.token, body: { role: 'mentor' } }), 200, 'promote');
    expectStatus(await t.call('DELETE', `${GR}/${id}/members/${other.id}`, { token: creator.token }), 200, 'remove');
    const sheet = this.shared.publicSheet as SheetRes;
    const assigned = expectStatus(
      await t.call<{ assignment: { id: string } }>('POST', `${GR}/${id}/assignments`, { token: creator.token, body: { sheetId: sheet.id, dueAt: '2031-01-01T00:00:00Z' } }),
      201,
      'assign',
    );
    if (secret)
      this.secrets.push(
      { text: name, visibleTo: ['creator', 'collaborator', 'follower'], what: 'a group name' },
      { text: inviteCode, visibleTo: ['creator', 'collaborator'], what: "a group's join code" },
    );
    return { kind: 'group', id, inviteCode, assignmentId: assigned.body.data.assignment.id, memberId: follower.id };
  }

  /**
   * A sheet of `owner` (the creator by default) with a topic, a subtopic, two questions, the collaborator
   * (accepted), the follower (following it while it was public) and a pending invite; then made private if asked.
   */
  async sheet(visibility: 'public' | 'private', owner: Person = this.people.creator): Promise<SheetRes> {
    const { t } = this;
    const mine = owner === this.people.creator;
    const name = unique(visibility === 'private' ? 'Private sheet' : 'Public sheet');
    const slug = unique('matrix');
    const created = expectStatus(await t.call<{ sheet: Sheet }>('POST', `${S}/create-sheet`, { token: owner.token, body: { name, slug, visibility: 'public' } }), 201, 'create-sheet');
    const id = created.body.data.sheet._id;
    const topic = 'Arrays';
    const subTopic = 'Two pointers';
    expectStatus(await t.call('POST', `${S}/add-topic/${id}`, { token: owner.token, body: { topic } }), 201, 'add-topic');
    expectStatus(await t.call('POST', `${S}/add-subTopic/${id}`, { token: owner.token, body: { topic, subTopic } }), 201, 'add-subTopic');
    const urls = [problemUrl(), problemUrl()];
    // The first question is a custom one named by the sheet: in a private sheet, only its members may see that name.
    const title = unique(visibility === 'private' ? 'Private custom title' : 'Public custom title');
    const added = expectStatus(
      await t.call<AddedQuestions>('POST', `${S}/add-questions/${id}`, {
        token: owner.token,
        body: { data: [{ topic, subTopic, problemUrl: urls[0], title }, { topic, subTopic: '', problemUrl: urls[1] }] },
      }),
      201,
      'add-questions',
    );
    const maps = added.body.data.mappings;
    const pendingEmail = `${unique('pending')}@example.com`;
    let collaboratorEntryId = '';
    if (mine) {
      const collaborator = this.people.collaborator;
      const invite = expectStatus(await t.call<Invite>('POST', `${C}/send-collaboration-invite/${id}`, { token: owner.token, body: { email: collaborator.email } }), 201, 'invite');
      expectStatus(await t.call('PATCH', `${S}/collaborators/accept-invite/${invite.body.data._id}`, { token: collaborator.token }), 200, 'accept');
      expectStatus(await t.call('PATCH', `${S}/public/follow-sheet/${id}`, { token: this.people.follower.token }), 200, 'follow');
      expectStatus(await t.call('POST', `${C}/send-collaboration-invite/${id}`, { token: owner.token, body: { email: pendingEmail } }), 201, 'invite');
      const collabs = await t.call<{ collaborators: { _id: string }[] }>('GET', `${C}/get-collaborators/${id}`, { token: owner.token });
      collaboratorEntryId = collabs.body.data.collaborators[0]!._id;
    }
    if (visibility === 'private') expectStatus(await t.call('PATCH', `${S}/mark-sheet-private/${id}`, { token: owner.token }), 200, 'private');
    const data = await t.call<SheetData>('GET', `${S}/get-sheet-data/${id}`, { token: owner.token });
    if (mine) {
      this.secrets.push({ text: pendingEmail, visibleTo: ['creator', 'collaborator'], what: 'a pending invitee email' });
      if (visibility === 'private') {
        this.secrets.push(
          { text: name, visibleTo: ['creator', 'collaborator'], what: 'a private sheet name' },
          { text: slug, visibleTo: ['creator', 'collaborator'], what: 'a private sheet slug' },
          { text: title, visibleTo: ['creator', 'collaborator'], what: "a private sheet's custom question title" },
        );
      }
    } else if (visibility === 'private') {
      this.secrets.push({ text: name, visibleTo: ['other'], what: "other's private sheet name" }, { text: title, visibleTo: ['other'], what: "other's private custom question title" });
    }
    return {
      kind: 'sheet',
      id,
      slug,
      name,
      version: data.body.data.sheet.version,
      mappingIds: maps.map((m) => m._id),
      questionIds: maps.map((m) => m.questionId),
      problemUrls: urls,
      config: data.body.data.sheet.config,
      topic,
      subTopic,
      collaboratorEntryId,
    };
  }

  /** A note of `owner` on the creator's public-sheet question, with a secret title and body. */
  async note(owner: Person, mine: boolean): Promise<IdRes> {
    const title = unique('Secret title');
    const text = unique('secret note text');
    const res = expectStatus(
      await this.t.call<{ note: Note }>('POST', `${NOTES}/create-note`, { token: owner.token, body: { title, note: `<p>${text}</p>`, questionId: this.noteQuestionId } }),
      201,
      'create-note',
    );
    const visibleTo: Actor[] = [mine ? 'creator' : 'other'];
    this.secrets.push({ text: title, visibleTo, what: 'a note title' }, { text, visibleTo, what: 'a note text' });
    return { kind: 'note', id: res.body.data.note._id };
  }

  /** A workspace record of `owner` on a custom question they added and named, tagged with a secret tag. */
  async record(owner: Person, mine: boolean): Promise<IdRes> {
    const tag = unique('secrettag').replace('-', '');
    const name = unique('Custom question');
    const url = problemUrl();
    const res = expectStatus(
      await this.t.call<SolveQuestionResult>('POST', `${WS}/solve-question`, {
        token: owner.token,
        body: { custom: { name, problemUrl: url }, customTags: [tag] },
      }),
      201,
      'solve-question',
    );
    const visibleTo: Actor[] = [mine ? 'creator' : 'other'];
    this.secrets.push({ text: tag, visibleTo, what: 'a workspace tag' }, { text: name, visibleTo, what: 'the name of a custom question in a workspace' });
    return { kind: 'record', id: res.body.data.question._id, questionId: res.body.data.question.question._id, problemUrl: url, name };
  }

  /** An accepted solution of `owner`, kept unpublished, whose code only they may see. */
  async solution(owner: Person, mine: boolean): Promise<IdRes> {
    const code = unique('secret_solution_code');
    const url = problemUrl();
    const res = expectStatus(
      await this.t.call<{ id: string; questionId: string }>('POST', SOLUTIONS, {
        token: owner.token,
        body: { url, code: `int main() { return 0; } // ${code}`, language: 'cpp', acceptedAt: new Date().toISOString(), source: 'manual' },
      }),
      201,
      'save solution',
    );
    this.secrets.push({ text: code, visibleTo: [mine ? 'creator' : 'other'], what: 'the code of a kept solution' });
    return { kind: 'solution', id: res.body.data.id, questionId: res.body.data.questionId, problemUrl: url };
  }

  /** A pending invite addressed to `invitee`, from a private sheet of the host whose name only the invitee may see. */
  async invite(invitee: Person, mine: boolean): Promise<IdRes> {
    const name = unique('Invite sheet');
    const slug = unique('invite');
    const sheet = expectStatus(await this.t.call<{ sheet: Sheet }>('POST', `${S}/create-sheet`, { token: this.host.token, body: { name, slug } }), 201, 'create-sheet');
    const sent = expectStatus(
      await this.t.call<Invite>('POST', `${C}/send-collaboration-invite/${sheet.body.data.sheet._id}`, { token: this.host.token, body: { email: invitee.email } }),
      201,
      'invite',
    );
    this.secrets.push({ text: name, visibleTo: [mine ? 'creator' : 'other'], what: 'the sheet of an invite' });
    return { kind: 'invite', id: sent.body.data._id };
  }

  /** Re-reads a sheet's version and question order (edits that keep the sheet usable bump them). */
  async refresh(sheet: SheetRes): Promise<SheetRes> {
    const data = await this.t.call<SheetData>('GET', `${S}/get-sheet-data/${sheet.id}`, { token: this.people.creator.token });
    sheet.version = data.body.data.sheet.version;
    sheet.config = data.body.data.sheet.config;
    sheet.mappingIds = sheet.config.questionOrder;
    return sheet;
  }

  /** A fresh resource like a shared one, for a cell whose success would spoil the shared one. */
  async fresh(target: Target): Promise<Resource | null> {
    switch (target) {
      case 'publicSheet':
        return this.sheet('public');
      case 'privateSheet':
        return this.sheet('private');
      case 'note':
        return this.note(this.people.creator, true);
      case 'record':
        return this.record(this.people.creator, true);
      case 'invite':
        return this.invite(this.people.creator, true);
      case 'group':
        return this.group();
      case 'solution':
        return this.solution(this.people.creator, true);
      default:
        return null;
    }
  }

  /** The resource as its owner sees it, to show that a refused write changed nothing. */
  async snapshot(resource: Resource | null): Promise<string> {
    if (!resource) return '';
    const { t } = this;
    const owner = this.people.creator.token;
    const read = async (path: string) => {
      const r = await t.call('GET', path, { token: owner });
      // An empty answer has a null body.
      const body = r.body as Reply['body'] | null;
      return { status: r.status, data: body?.data };
    };
    switch (resource.kind) {
      case 'sheet':
        return JSON.stringify([
          await read(`${S}/get-sheet-data/${resource.id}`),
          await read(`${C}/get-collaborators/${resource.id}`),
          await read(`${C}/get-sheet-collaborations-invites/${resource.id}`),
        ]);
      case 'note':
        return JSON.stringify(await read(`${NOTES}/get-note/${resource.id}`));
      case 'record': {
        const page = await read(`${WS}/get-questions?pageSize=100`);
        const list = (page.data as { questions: { _id: string }[] }).questions;
        return JSON.stringify(list.find((q) => q._id === resource.id) ?? null);
      }
      case 'group':
        return JSON.stringify([await read(`${GR}/${resource.id}`), await read(`${GR}/${resource.id}/assignments`), await read(`${GR}/${resource.id}/assignments/${resource.assignmentId}/grid`)]);
      case 'solution':
        return JSON.stringify(await read(`${SOLUTIONS}?questionId=${resource.questionId}`));
      case 'invite': {
        const mine = await read(`${S}/my-sheets`);
        const list = (mine.data as { invites: { _id: string }[] }).invites;
        return JSON.stringify(list.find((i) => i._id === resource.id) ?? null);
      }
    }
  }
}
