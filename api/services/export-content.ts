import { and, asc, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { zipSync, strToU8 } from 'fflate';
import { platformById } from '../../shared/platforms/index';
import { plural } from '../../shared/plural';
import { formatTimeSpent, solutionLanguage } from '../../shared/rules/solutions';
import type { Db } from '../db/client';
import { customQuestions, noteQuestionLinks, notes, questions, solutions, userQuestions } from '../db/schema';
import { ownCustom } from './custom-questions';

/*
 * What an export holds, built from the database the same way for GitHub and the zip: one folder per
 * problem, `<judge>/<problem-slug>/`, with each kept version of the solution and a README, plus a README
 * index at the top. The text depends on the data only (no export time), so an export with nothing new
 * writes the same files and makes no commit.
 */

interface ExportFile {
  path: string;
  content: string;
}

export interface ExportTree {
  files: ExportFile[];
  problems: number;
  solutions: number;
  /** The newest kept solution's created_at (automatic exports look past it next time). */
  newest: Date | null;
}

interface QuestionInfo {
  id: string;
  platform: string;
  key: string;
  slug: string;
  name: string;
  difficulty: string;
  url: string;
  topics: string[];
}

interface SolutionInfo {
  version: number;
  code: string;
  language: string;
  acceptedAt: Date;
  attempts: number | null;
  timeSpentSec: number | null;
  createdAt: Date;
}

interface NoteInfo {
  title: string;
  html: string;
}

const questionColumns = {
  id: questions.id,
  platform: questions.platform,
  key: questions.key,
  slug: questions.slug,
  name: sql<string>`coalesce(${customQuestions.name}, ${questions.name})`,
  difficulty: sql<string>`coalesce(${customQuestions.difficulty}, ${questions.difficulty})`,
  url: questions.problemUrl,
  topics: sql<string[]>`coalesce(${customQuestions.topics}, ${questions.topics})`,
};

/** A path segment that is safe on every file system and in a URL: lower-case letters, digits, . _ and -. */
function safeSegment(text: string, fallback: string): string {
  const s = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100);
  return s || fallback;
}

/** Markdown text in a table cell or heading: no markup from the data, no broken table. */
const md = (text: string) => text.replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`).replace(/\s+/g, ' ').trim();

const day = (d: Date) => d.toISOString().slice(0, 10);
const timeSpent = (sec: number | null) => (sec === null ? '–' : formatTimeSpent(sec));
const judgeName = (platform: string) => platformById(platform)?.name ?? platform;

/** The file name of one version: the first is solution.<ext>, later ones solution-v<n>.<ext> (names never change). */
const solutionFileName = (version: number, language: string) => `solution${version === 1 ? '' : `-v${version}`}.${solutionLanguage(language)?.ext ?? 'txt'}`;

/** The user's notes on these questions; a note belongs to a question as its own (question_id) or through a link. */
async function notesFor(db: Db, userId: string, questionIds: ReadonlySet<string>): Promise<Map<string, NoteInfo[]>> {
  const byQuestion = new Map<string, NoteInfo[]>();
  if (!questionIds.size) return byQuestion;
  // All the user's notes on questions, filtered here: a list of ids as parameters would not scale to every solve.
  const rows = await db
    .selectDistinct({ id: notes.id, questionId: sql<string>`coalesce(${noteQuestionLinks.questionId}, ${notes.questionId})`, title: notes.title, html: notes.note, createdAt: notes.createdAt })
    .from(notes)
    .leftJoin(noteQuestionLinks, eq(noteQuestionLinks.noteId, notes.id))
    .where(and(eq(notes.userId, userId), or(isNotNull(notes.questionId), isNotNull(noteQuestionLinks.questionId))))
    .orderBy(asc(notes.createdAt), asc(notes.id));
  for (const r of rows) {
    if (!questionIds.has(r.questionId)) continue;
    const list = byQuestion.get(r.questionId) ?? [];
    list.push({ title: r.title, html: r.html });
    byQuestion.set(r.questionId, list);
  }
  return byQuestion;
}

/** The user's kept solutions grouped by question, the questions in judge and slug order, versions oldest first. */
async function solutionsByQuestion(db: Db, userId: string) {
  const rows = await db
    .select({
      question: questionColumns,
      version: solutions.version,
      code: solutions.code,
      language: solutions.language,
      acceptedAt: solutions.acceptedAt,
      attempts: solutions.attempts,
      timeSpentSec: solutions.timeSpentSec,
      createdAt: solutions.createdAt,
    })
    .from(solutions)
    .innerJoin(questions, eq(questions.id, solutions.questionId))
    .leftJoin(customQuestions, ownCustom(userId))
    .where(eq(solutions.userId, userId))
    .orderBy(asc(questions.platform), asc(questions.slug), asc(questions.id), asc(solutions.version));
  const grouped: { question: QuestionInfo; versions: SolutionInfo[] }[] = [];
  for (const r of rows) {
    const last = grouped.at(-1);
    const { question, ...solution } = r;
    if (last && last.question.id === question.id) last.versions.push(solution);
    else grouped.push({ question, versions: [solution] });
  }
  return grouped;
}

function problemReadme(q: QuestionInfo, versions: SolutionInfo[], noteList: NoteInfo[]): string {
  const lines = [`# ${md(q.name)}`, '', `- Judge: ${judgeName(q.platform)}`, `- Problem: <${q.url}>`, `- Difficulty: ${md(q.difficulty)}`];
  if (q.topics.length) lines.push(`- Topics: ${q.topics.map(md).join(', ')}`);
  lines.push('', '## Solutions', '', '| File | Language | Accepted | Attempts before | Time spent |', '| --- | --- | --- | --- | --- |');
  for (const v of versions) {
    const file = solutionFileName(v.version, v.language);
    lines.push(`| [${file}](${file}) | ${md(v.language)} | ${day(v.acceptedAt)} | ${v.attempts ?? '–'} | ${timeSpent(v.timeSpentSec)} |`);
  }
  if (noteList.length) {
    lines.push('', '## Notes');
    // Note bodies are HTML already sanitised on save (services/note-html), which GitHub's Markdown renders.
    for (const n of noteList) lines.push('', `### ${md(n.title)}`, '', n.html);
  }
  return `${lines.join('\n')}\n`;
}

function indexReadme(entries: { question: QuestionInfo; folder: string; versions: SolutionInfo[] }[]): string {
  const count = entries.reduce((n, e) => n + e.versions.length, 0);
  const lines = ['# Solutions', '', `${plural(entries.length, 'problem')}, ${plural(count, 'solution')}, kept with Practice Tracker.`];
  let judge = '';
  for (const e of entries) {
    if (e.question.platform !== judge) {
      judge = e.question.platform;
      lines.push('', `## ${md(judgeName(judge))}`, '', '| Problem | Difficulty | Language | Versions |', '| --- | --- | --- | --- |');
    }
    const latest = e.versions.at(-1);
    lines.push(`| [${md(e.question.name)}](${e.folder}/) | ${md(e.question.difficulty)} | ${md(latest?.language ?? '')} | ${e.versions.length} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** The whole export of one user's kept solutions as files; notes go into the READMEs when asked. */
export async function buildExportTree(db: Db, userId: string, options: { includeNotes: boolean }): Promise<ExportTree> {
  const grouped = await solutionsByQuestion(db, userId);
  const noteMap = options.includeNotes ? await notesFor(db, userId, new Set(grouped.map((g) => g.question.id))) : new Map<string, NoteInfo[]>();
  const taken = new Set<string>();
  const files: ExportFile[] = [];
  const entries: { question: QuestionInfo; folder: string; versions: SolutionInfo[] }[] = [];
  let newest: Date | null = null;
  for (const { question, versions } of grouped) {
    const judge = safeSegment(question.platform, 'other');
    const base = `${judge}/${safeSegment(question.slug, safeSegment(question.key, 'problem'))}`;
    // Two questions with one slug on a judge (custom ones) get folders of their own.
    let folder = base;
    for (let n = 2; taken.has(folder); n++) folder = `${base}-${n}`;
    taken.add(folder);
    for (const v of versions) {
      files.push({ path: `${folder}/${solutionFileName(v.version, v.language)}`, content: v.code.endsWith('\n') ? v.code : `${v.code}\n` });
      if (!newest || v.createdAt > newest) newest = v.createdAt;
    }
    files.push({ path: `${folder}/README.md`, content: problemReadme(question, versions, noteMap.get(question.id) ?? []) });
    entries.push({ question, folder, versions });
  }
  files.push({ path: 'README.md', content: indexReadme(entries) });
  return { files, problems: entries.length, solutions: entries.reduce((n, e) => n + e.versions.length, 0), newest };
}

/** The export as a zip, every file under one top folder (`solutions/`), as unzipping it would lay it out. */
export function zipExportTree(tree: ExportTree): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const f of tree.files) entries[`solutions/${f.path}`] = strToU8(f.content);
  // A fixed time: the same solutions give the same zip.
  return zipSync(entries, { level: 6, mtime: new Date('2020-01-01T00:00:00Z') });
}

/** The solved questions (ticked) with their latest kept solution, if any, and the user's notes on each (when asked). */
export async function solvedQuestions(db: Db, userId: string, options: { includeNotes: boolean }) {
  const rows = await db
    .select({ question: questionColumns, solvedAt: userQuestions.solvedAt })
    .from(userQuestions)
    .innerJoin(questions, eq(questions.id, userQuestions.questionId))
    .leftJoin(customQuestions, ownCustom(userId))
    .where(and(eq(userQuestions.userId, userId), eq(userQuestions.checked, true)))
    .orderBy(asc(questions.platform), asc(questions.slug), asc(questions.id));
  const ids = new Set(rows.map((r) => r.question.id));
  const latest = new Map<string, { code: string; language: string; version: number }>();
  if (ids.size) {
    const sols = await db
      .selectDistinctOn([solutions.questionId], { questionId: solutions.questionId, code: solutions.code, language: solutions.language, version: solutions.version })
      .from(solutions)
      .where(eq(solutions.userId, userId))
      .orderBy(solutions.questionId, desc(solutions.version));
    for (const s of sols) if (ids.has(s.questionId)) latest.set(s.questionId, s);
  }
  const noteMap = options.includeNotes ? await notesFor(db, userId, ids) : new Map<string, NoteInfo[]>();
  return rows.map((r) => ({ ...r.question, solution: latest.get(r.question.id) ?? null, notes: noteMap.get(r.question.id) ?? [] }));
}
export type SolvedQuestion = Awaited<ReturnType<typeof solvedQuestions>>[number];
