import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Mapping, SheetConfig } from '../../shared/schemas/sheet';
import type { Db } from '../db/client';
import { mappings, questions } from '../db/schema';

/**
 * The sheets' question lists, kept by the app (Deps.sheetLists) because every first read of a sheet by a
 * new viewer needs one: a list is keyed by the sheet's content_version, which database triggers bump on
 * any change to its mappings or their questions and which is read afresh with every request, so a list
 * is never served after it changed, and several API processes on one database never disagree.
 */
interface QuestionList {
  /** How many questions the sheet places. */
  count: number;
  /** The mappings with their questions as UTF-8 JSON, encoded once and spliced into every viewer's answer. */
  bytes: Uint8Array<ArrayBuffer>;
  /** The question each mapping places, by mapping id: what a tick from the sheet writes (services/access.markTarget). */
  placed: ReadonlyMap<string, PlacedQuestion>;
}

/** The question a mapping places, as a tick needs it: a custom one is named in the workspace by the mapping's title. */
export interface PlacedQuestion {
  id: string;
  verified: boolean;
  title: string;
}

/** About what a mapping's entry in QuestionList.placed takes: its id, the question's and the entry itself. */
const PLACED_BYTES = 200;

export type SheetLists = LRUCache<string, QuestionList>;

/**
 * About 290 lists of a 455-question sheet (220 kB of JSON each). The kept sheet answers (lib/kept-answers)
 * hold only a list's key, never its bytes, so this is all the memory the lists take.
 */
const LIST_CACHE_BYTES = 64 * 1024 * 1024;

export function createSheetLists(): SheetLists {
  return new LRUCache({ maxSize: LIST_CACHE_BYTES, sizeCalculation: (v) => v.bytes.byteLength + v.count * PLACED_BYTES + 256 });
}

/** A sheet's config as of one row version of the sheet, with its JSON: what a read splices into its answer. */
export interface KeptConfig {
  /** The row version it was read from (services/access: its xmin and ctid). */
  rowVersion: string;
  config: SheetConfig;
  /** The config as UTF-8 JSON. */
  bytes: Uint8Array;
  /** Names the config's content (an answer's ETag), the same for another row version with the same config. */
  digest: string;
}

/**
 * The configs of the sheets read lately, by the key they were read by (an id or a slug). Every read sends
 * the row version it holds and the database answers the config only when that is not the row's, so a kept
 * config is never used for another version. A 455-question sheet's config is 17 kB: about 950 sheets.
 */
export type SheetConfigs = LRUCache<string, KeptConfig>;

const CONFIG_CACHE_BYTES = 16 * 1024 * 1024;

export function createSheetConfigs(): SheetConfigs {
  return new LRUCache({ maxSize: CONFIG_CACHE_BYTES, sizeCalculation: (v) => v.bytes.byteLength + 256 });
}

/** The key a config is kept by: how its sheet was named (`id:<uuid>` or `slug:<slug>`). */
export const configKey = (by: 'id' | 'slug', key: string) => `${by}:${key}`;

/** jsonb's order of an object's keys: shorter (in UTF-8 bytes) first, then bytewise. */
function jsonbKeyOrder(a: string, b: string): number {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length - y.length || Buffer.compare(x, y);
}

/**
 * A config as kept for one row version. Its JSON lists the keys in jsonb's order, as a read of the row
 * gives them, so a config kept from the write that made the row (services/sheets) is byte for byte the
 * one a read would keep, and every process names the same answer by the same digest.
 */
export function keptConfig(rowVersion: string, config: SheetConfig): KeptConfig {
  const subTopics = Object.keys(config.subTopicOrder).sort(jsonbKeyOrder);
  const ordered: SheetConfig = {
    topicOrder: config.topicOrder,
    questionOrder: config.questionOrder,
    subTopicOrder: Object.fromEntries(subTopics.map((topic) => [topic, config.subTopicOrder[topic] ?? []])),
  };
  const bytes = Buffer.from(JSON.stringify(ordered));
  return { rowVersion, config: ordered, bytes, digest: createHash('sha1').update(bytes).digest('base64url') };
}

const encoder = new TextEncoder();

/** Names a sheet's question list: the sheet and its content version. */
export const listKey = (sheet: { id: string; contentVersion: number }) => `${sheet.id}:${sheet.contentVersion}`;

/** What these keys need of a viewer's access to a sheet (services/access.SheetAccess). */
interface ListAccess {
  sheet: { id: string; contentVersion: number };
  recordsVersion: number;
}
/** Names a viewer's progress in this sheet as of their records' version (part of the answer's ETag). */
export const progressKey = (access: ListAccess, userId: string) => `${userId}:${access.recordsVersion}:${listKey(access.sheet)}`;

/** The mappings of a sheet with their questions, in the order they were added (the config orders them). */
export async function questionList(db: Db, lists: SheetLists, access: ListAccess): Promise<QuestionList> {
  const key = listKey(access.sheet);
  const hit = lists.get(key);
  if (hit) return hit;
  const rows = await db
    .select({
      id: mappings.id,
      topic: mappings.topic,
      subTopic: mappings.subTopic,
      title: mappings.title,
      resource: mappings.resource,
      verified: questions.verified,
      // A custom question is shown as the sheet's editors named it: no user's own data is in a sheet.
      q: { id: questions.id, name: sql<string>`case when ${questions.verified} then ${questions.name} else ${mappings.title} end`, problemUrl: questions.problemUrl, platform: questions.platform, difficulty: questions.difficulty, topics: questions.topics },
    })
    .from(mappings)
    .innerJoin(questions, eq(questions.id, mappings.questionId))
    .where(eq(mappings.sheetId, access.sheet.id));
  const list: Mapping[] = rows.map((r) => ({
    _id: r.id,
    topic: r.topic,
    subTopic: r.subTopic,
    title: r.title,
    resource: r.resource,
    questionId: { _id: r.q.id, name: r.q.name, problemUrl: r.q.problemUrl, platform: r.q.platform, difficulty: r.q.difficulty, topics: r.q.topics },
  }));
  const placed = new Map(rows.map((r) => [r.id, { id: r.q.id, verified: r.verified, title: r.title }]));
  const entry: QuestionList = { count: list.length, bytes: encoder.encode(JSON.stringify(list)), placed };
  lists.set(key, entry);
  return entry;
}
