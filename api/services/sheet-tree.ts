import { and, eq } from 'drizzle-orm';
import { sectionNameTaken, SHEET_MESSAGES, subTopicsOf } from '../../shared/rules/sheet';
import type { SheetConfig } from '../../shared/schemas/sheet';
import type { Db } from '../db/client';
import { mappings } from '../db/schema';
import type { Clock } from '../lib/clock';
import { AppError, badRequest, conflict, notFound } from '../lib/errors';
import { markTarget, type MarkDeps, requireEditor, requireParticipant, requireSignedIn, sheetAccess } from './access';
import type { UserRow } from './auth';
import { isUuid } from '../../shared/schemas/note';
import { ensureQuestion } from './questions';
import { markRecord, toRecord } from './records';
import { checkQuestionOrder, lockSheet, saveConfig, STALE_MESSAGE } from './sheets';

export interface TreeDeps {
  db: Db;
  clock: Clock;
}

const MAPPING_NOT_FOUND = 'Question not found in this sheet';

/** A mapping id that is not a uuid names no mapping; it must not reach the database as one. */
function checkMappingId(mappingId: string): void {
  if (!isUuid(mappingId)) throw notFound(MAPPING_NOT_FOUND);
}

const clone = (c: SheetConfig): SheetConfig => ({
  topicOrder: [...c.topicOrder],
  subTopicOrder: Object.fromEntries(Object.entries(c.subTopicOrder).map(([k, v]) => [k, [...v]])),
  questionOrder: [...c.questionOrder],
});

/** Runs a structural edit by an editor in one transaction with the sheet row locked. */
async function editTree<T>(deps: TreeDeps, sheetId: string, user: UserRow | null, work: (tx: Db, config: SheetConfig, sheet: Awaited<ReturnType<typeof lockSheet>>) => Promise<T>) {
  const access = await sheetAccess(deps.db, { id: sheetId }, requireSignedIn(user));
  requireEditor(access);
  return deps.db.transaction(async (tx) => {
    const sheet = await lockSheet(tx, sheetId);
    return work(tx, clone(sheet.config), sheet);
  });
}

function checkPlace(config: SheetConfig, topic: string, subTopic: string) {
  if (!topic) {
    if (subTopic) throw badRequest('A subtopic needs a topic');
    return;
  }
  if (!config.topicOrder.includes(topic)) throw badRequest(`There is no topic named "${topic}"`);
  if (subTopic && !subTopicsOf(config.subTopicOrder, topic).includes(subTopic)) throw badRequest(`There is no subtopic named "${subTopic}" in "${topic}"`);
}

export interface NewQuestion {
  topic: string;
  subTopic: string;
  title?: string;
  problemUrl: string;
}

/** add-questions: catalogue match or custom question, placed in the tree and appended to the order, atomically. */
export async function addQuestions(deps: TreeDeps, sheetId: string, user: UserRow | null, items: NewQuestion[]) {
  return editTree(deps, sheetId, user, async (tx, config, sheet) => {
    const added: { _id: string; questionId: string; topic: string; subTopic: string; title: string }[] = [];
    for (const item of items) {
      checkPlace(config, item.topic, item.subTopic);
      const question = await ensureQuestion(tx, item.problemUrl, user?.id ?? null);
      // The title is the sheet's own; without one, a custom question is named by its URL alone.
      const [row] = await tx
        .insert(mappings)
        .values({ sheetId, questionId: question.id, topic: item.topic, subTopic: item.subTopic, title: item.title?.trim() || question.name })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict(`"${question.name}" is already in this sheet`);
      config.questionOrder.push(row.id);
      added.push({ _id: row.id, questionId: question.id, topic: row.topic, subTopic: row.subTopic, title: row.title });
    }
    await saveConfig(tx, deps.clock, sheet, config);
    return added;
  });
}

/** update-mapping: moves a question to another zone (unassigned, topic, subtopic) and saves the new order. */
export async function moveQuestion(
  deps: TreeDeps,
  sheetId: string,
  mappingId: string,
  user: UserRow | null,
  move: { topic: string; subTopic: string; questionOrder: string[]; version: number },
) {
  const access = await sheetAccess(deps.db, { id: sheetId }, requireSignedIn(user));
  if (!access.canEdit) throw new AppError(403, 'Forbidden', SHEET_MESSAGES.reorderForbidden);
  return deps.db.transaction(async (tx) => {
    const sheet = await lockSheet(tx, sheetId);
    if (move.version !== sheet.version) throw conflict(STALE_MESSAGE);
    const config = clone(sheet.config);
    checkPlace(config, move.topic, move.subTopic);
    checkQuestionOrder(move.questionOrder, config);
    checkMappingId(mappingId);
    const where = and(eq(mappings.id, mappingId), eq(mappings.sheetId, sheetId));
    // The sheet's row lock keeps every other edit of its tree out until this one commits.
    const [before] = await tx.select({ topic: mappings.topic, subTopic: mappings.subTopic }).from(mappings).where(where);
    if (!before) throw notFound(MAPPING_NOT_FOUND);
    const [row] = await tx.update(mappings).set({ topic: move.topic, subTopic: move.subTopic }).where(where).returning();
    if (!row) throw notFound(MAPPING_NOT_FOUND);
    config.questionOrder = move.questionOrder;
    // A move to another place is an edit even when the order stays: it advances the version.
    const placeChanged = before.topic !== row.topic || before.subTopic !== row.subTopic;
    const saved = await saveConfig(tx, deps.clock, sheet, config, move.version, false, placeChanged);
    return { mapping: { _id: row.id, topic: row.topic, subTopic: row.subTopic }, version: saved.version };
  });
}

export async function removeQuestion(deps: TreeDeps, sheetId: string, mappingId: string, user: UserRow | null) {
  return editTree(deps, sheetId, user, async (tx, config, sheet) => {
    checkMappingId(mappingId);
    const deleted = await tx.delete(mappings).where(and(eq(mappings.id, mappingId), eq(mappings.sheetId, sheetId))).returning();
    if (!deleted.length) throw notFound('Question not found in this sheet');
    config.questionOrder = config.questionOrder.filter((id) => id !== mappingId);
    return (await saveConfig(tx, deps.clock, sheet, config)).version;
  });
}

export async function addTopic(deps: TreeDeps, sheetId: string, user: UserRow | null, topic: string) {
  return editTree(deps, sheetId, user, async (tx, config, sheet) => {
    const taken = sectionNameTaken('topic', topic, config.topicOrder);
    if (taken) throw conflict(taken);
    config.topicOrder.push(topic);
    config.subTopicOrder[topic] = [];
    return (await saveConfig(tx, deps.clock, sheet, config)).version;
  });
}

export async function renameTopic(deps: TreeDeps, sheetId: string, user: UserRow | null, oldTopic: string, newTopic: string) {
  return editTree(deps, sheetId, user, async (tx, config, sheet) => {
    const i = config.topicOrder.indexOf(oldTopic);
    if (i < 0) throw notFound(`There is no topic named "${oldTopic}"`);
    if (oldTopic === newTopic) return sheet.version;
    const taken = sectionNameTaken('topic', newTopic, config.topicOrder, oldTopic);
    if (taken) throw conflict(taken);
    config.topicOrder[i] = newTopic;
    config.subTopicOrder[newTopic] = subTopicsOf(config.subTopicOrder, oldTopic);
    config.subTopicOrder = withoutTopic(config.subTopicOrder, oldTopic);
    await tx.update(mappings).set({ topic: newTopic }).where(and(eq(mappings.sheetId, sheetId), eq(mappings.topic, oldTopic)));
    return (await saveConfig(tx, deps.clock, sheet, config)).version;
  });
}

/** The subtopic map without a topic's entry. */
const withoutTopic = (order: SheetConfig['subTopicOrder'], topic: string) => Object.fromEntries(Object.entries(order).filter(([t]) => t !== topic));

/** Deletes a topic with its subtopics and the questions placed in them. */
export async function deleteTopic(deps: TreeDeps, sheetId: string, user: UserRow | null, topic: string) {
  return editTree(deps, sheetId, user, async (tx, config, sheet) => {
    if (!config.topicOrder.includes(topic)) throw notFound(`There is no topic named "${topic}"`);
    const gone = await tx.delete(mappings).where(and(eq(mappings.sheetId, sheetId), eq(mappings.topic, topic))).returning({ id: mappings.id });
    const goneIds = new Set(gone.map((g) => g.id));
    config.topicOrder = config.topicOrder.filter((t) => t !== topic);
    config.subTopicOrder = withoutTopic(config.subTopicOrder, topic);
    config.questionOrder = config.questionOrder.filter((id) => !goneIds.has(id));
    return (await saveConfig(tx, deps.clock, sheet, config)).version;
  });
}

export async function addSubTopic(deps: TreeDeps, sheetId: string, user: UserRow | null, topic: string, subTopic: string) {
  return editTree(deps, sheetId, user, async (tx, config, sheet) => {
    if (!config.topicOrder.includes(topic)) throw notFound(`There is no topic named "${topic}"`);
    const list = subTopicsOf(config.subTopicOrder, topic);
    const taken = sectionNameTaken('subtopic', subTopic, list);
    if (taken) throw conflict(taken);
    config.subTopicOrder[topic] = [...list, subTopic];
    return (await saveConfig(tx, deps.clock, sheet, config)).version;
  });
}

export async function renameSubTopic(deps: TreeDeps, sheetId: string, user: UserRow | null, topic: string, oldSubTopic: string, newSubTopic: string) {
  return editTree(deps, sheetId, user, async (tx, config, sheet) => {
    const list = subTopicsOf(config.subTopicOrder, topic);
    const i = list.indexOf(oldSubTopic);
    if (i < 0) throw notFound(`There is no subtopic named "${oldSubTopic}" in "${topic}"`);
    if (oldSubTopic === newSubTopic) return sheet.version;
    const taken = sectionNameTaken('subtopic', newSubTopic, list, oldSubTopic);
    if (taken) throw conflict(taken);
    list[i] = newSubTopic;
    config.subTopicOrder[topic] = list;
    await tx
      .update(mappings)
      .set({ subTopic: newSubTopic })
      .where(and(eq(mappings.sheetId, sheetId), eq(mappings.topic, topic), eq(mappings.subTopic, oldSubTopic)));
    return (await saveConfig(tx, deps.clock, sheet, config)).version;
  });
}

export async function deleteSubTopic(deps: TreeDeps, sheetId: string, user: UserRow | null, topic: string, subTopic: string) {
  return editTree(deps, sheetId, user, async (tx, config, sheet) => {
    const list = subTopicsOf(config.subTopicOrder, topic);
    if (!list.includes(subTopic)) throw notFound(`There is no subtopic named "${subTopic}" in "${topic}"`);
    const gone = await tx
      .delete(mappings)
      .where(and(eq(mappings.sheetId, sheetId), eq(mappings.topic, topic), eq(mappings.subTopic, subTopic)))
      .returning({ id: mappings.id });
    const goneIds = new Set(gone.map((g) => g.id));
    config.subTopicOrder[topic] = list.filter((s) => s !== subTopic);
    config.questionOrder = config.questionOrder.filter((id) => !goneIds.has(id));
    return (await saveConfig(tx, deps.clock, sheet, config)).version;
  });
}

/** Tick or star a question from a sheet: needs following it or membership; updates the user's workspace record. */
export async function markQuestion(deps: TreeDeps & MarkDeps, sheetId: string, mappingId: string, user: UserRow | null, change: { checked?: boolean; starred?: boolean }) {
  const signedIn = requireSignedIn(user);
  const target = await markTarget(deps, sheetId, mappingId, signedIn);
  requireParticipant(target);
  const question = target.canSeeQuestions ? target.question : null;
  if (!question) throw notFound(MAPPING_NOT_FOUND);
  // A custom question ticked from a sheet is named in the workspace as the sheet names it, unless the user
  // named it already: by the statement that writes the record (a failed tick is rolled back in the page, so
  // it must not half-exist here), shared with the ticks that arrive meanwhile (records.markRecord).
  const record = await markRecord(deps.db, deps.clock, signedIn.id, question.id, change, question.verified ? undefined : question.title);
  return { questionId: question.id, record: toRecord(record) };
}
