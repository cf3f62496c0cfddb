/** The vocabulary of the access matrix's policy tables: what a cell expects and asks, and the common expectations. */
import { SHEET_MESSAGES } from '../../shared/rules/sheet';
import type { Actor, IdRes, Resource, SheetRes, Target, World } from './matrix-world';

export interface Expectation {
  status: number;
  /** status.message, where the spec fixes it. */
  message?: string;
}

export interface CellContext {
  world: World;
  actor: Actor;
  target: Target;
  resource: Resource | null;
}

interface CellRequest {
  path: string;
  body?: unknown;
  /** Overrides the actor's token (cells that spend an account use a throwaway one). */
  token?: string | null;
}

export interface PolicyCase {
  label: string;
  targets: readonly Target[];
  expect: (actor: Actor, target: Target) => Expectation;
  request: (ctx: CellContext) => CellRequest | Promise<CellRequest>;
  /**
   * Whether a success changes the resource so that later cells would see something else (a rename, a
   * deletion, a new relation): such cells get a fresh copy. Additions that leave it usable run on the shared one.
   */
  spoils?: boolean;
  /** Actors whose success must still leave the resource as its owner sees it (a write to their own data only). */
  harmless?: (actor: Actor) => boolean;
}

export interface RoutePolicy {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  cases: PolicyCase[];
}


export const SHEETS = ['publicSheet', 'privateSheet'] as const;
export const status = (code: number, message?: string): Expectation => (message ? { status: code, message } : { status: code });
const NO_SHEET = status(404, SHEET_MESSAGES.notFound);
const isMember = (a: Actor) => a === 'creator' || a === 'collaborator';

/** Anyone, signed in or not. */
export const open = (code = 200) => () => status(code);
/** Personal routes: 401 for anonymous, the caller's own data otherwise. */
export const personal = (code = 200) => (a: Actor) => (a === 'anonymous' ? status(401) : status(code));
/** A personal route's answer with the message the spec fixes for it. */
export const personalSays = (code: number, message: string) => (a: Actor) => (a === 'anonymous' ? status(401) : status(code, message));
/** A resource of the creator's own (note, record, invite): anyone else gets the 404 of a missing one. */
export const owned = (code: number, missing: string) => (a: Actor) => (a === 'anonymous' ? status(401) : a === 'creator' ? status(code) : status(404, missing));
/** Reading a sheet: private sheets do not exist for non-members. */
export const sheetRead = (a: Actor, t: Target) => (t === 'privateSheet' && !isMember(a) ? NO_SHEET : status(200));
/** Acting on a sheet: sign in first, then a private sheet is 404 for non-members, then the role decides. */
export const sheetAct =
  (allowed: readonly Actor[], code = 200, denied?: string) =>
  (a: Actor, t: Target): Expectation => {
    if (a === 'anonymous') return status(401);
    if (t === 'privateSheet' && !isMember(a)) return NO_SHEET;
    return allowed.includes(a) ? status(code) : status(403, denied);
  };
export const EDITORS = ['creator', 'collaborator'] as const;
export const CREATOR = ['creator'] as const;
/** Follow and unfollow: any signed-in non-member of a visible sheet; members already have it. */
export const following = (a: Actor, t: Target): Expectation => {
  if (a === 'anonymous') return status(401);
  if (t === 'privateSheet' && !isMember(a)) return NO_SHEET;
  return isMember(a) ? status(400) : status(200);
};

export const sheet = (ctx: CellContext) => ctx.resource as SheetRes;
/** In a group: the creator owns it, the collaborator mentors, the follower is a member; the stranger never joined, "other" was removed. */
/** A group's route: sign in first; anyone not in the group gets the 404 of a missing one; then the role decides. */
export const RV = '/question-tracker/v1/user/review';
export const JA = '/question-tracker/v1/user/accounts';
export const CF = '/question-tracker/v1/user/calendar-feed';
export const U = '/question-tracker/v1/user';
export const EX = '/question-tracker/v1/user/exports';
export const questionOf = (ctx: CellContext) => {
  const r = ctx.resource as IdRes;
  if (!r.questionId) throw new Error('not a record');
  return r.questionId;
};
export const customOf = (ctx: CellContext) => {
  const r = ctx.resource as IdRes;
  if (!r.problemUrl || !r.name) throw new Error('not a record of a custom question');
  return { problemUrl: r.problemUrl, name: r.name };
};
export const id = (ctx: CellContext) => (ctx.resource as Resource).id;
export const spare = async (ctx: CellContext) => (ctx.actor === 'anonymous' ? null : (await ctx.world.throwaway()).token);
export const csv = (header: string, row: string, name = 'list.csv') => {
  const form = new FormData();
  form.set('file', new File([`${header}\n${row}\n`], name, { type: 'text/csv' }));
  return form;
};

export const one = (label: string, targets: readonly Target[], expect: PolicyCase['expect'], request: PolicyCase['request'], spoils = true): PolicyCase[] => [
  { label, targets, expect, request, spoils },
];
export const KEEPS = false;
