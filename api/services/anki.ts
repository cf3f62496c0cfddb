import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { escapeUTF8 } from 'entities';
import { strToU8, zipSync } from 'fflate';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { platformById } from '../../shared/platforms/index';
import type { SolvedQuestion } from './export-content';

/*
 * An Anki package (.apkg) of a user's solved questions: a zip of `collection.anki2`, the SQLite collection
 * in Anki 2.1's legacy schema (version 11, which every Anki since 2.1 imports, as genanki writes it), and
 * a `media` map (none here). One note per solved question: the front names the problem (name, link,
 * topics), the back holds the latest kept solution and the user's notes on it. A note's guid comes from
 * the question, so importing a newer deck updates the notes instead of adding them again.
 */

/** sql.js's SQLite, loaded once; its wasm is read from its own package directory (it stays a package in the server build). */
let sqlite: Promise<SqlJsStatic> | null = null;
function loadSqlite(): Promise<SqlJsStatic> {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('sql.js/dist/sql-wasm.wasm'));
  sqlite ??= initSqlJs({ locateFile: (file: string) => `${dir}/${file}` });
  return sqlite;
}

/** The note type's id: fixed, so every deck this server makes uses one note type in the user's collection. */
const MODEL_ID = 1_707_000_000_001;
const DECK_NAME = 'Practice Tracker::Solved problems';

const SCHEMA = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null, ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null, models text not null, decks text not null, dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null, usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null, mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null, ivl integer not null, factor integer not null, reps integer not null, lapses integer not null, left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null, ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
`;

const FIELDS = ['Problem', 'Link', 'Topics', 'Solution', 'Notes'] as const;

const CSS = `.card { font-family: system-ui, sans-serif; font-size: 18px; text-align: left; color: #1f2328; background: #fff; }
.nightMode .card, .card.nightMode { color: #e6edf3; background: #0d1117; }
.topics { color: #656d76; font-size: 14px; }
pre { font-size: 13px; background: rgba(127,127,127,.12); padding: 10px; border-radius: 6px; overflow-x: auto; white-space: pre; }`;

/** Anki's duplicate-check sum: the first 8 hex digits of the sha1 of the sort field's text (tags stripped). */
function fieldChecksum(text: string): number {
  const plain = text.replace(/<[^>]*>/g, '');
  return parseInt(createHash('sha1').update(plain, 'utf8').digest('hex').slice(0, 8), 16);
}

/** A stable guid for a question's note (Anki keeps up to 10 characters of base91; 10 base64url characters do). */
const guidFor = (questionId: string) => createHash('sha256').update(`practice-tracker:${questionId}`).digest('base64url').slice(0, 10);

/** The deck's id: stable per user (so a re-import goes to the same deck), within Anki's integer range. */
const deckIdFor = (userId: string) => 1_000_000_000 + (parseInt(createHash('sha256').update(userId).digest('hex').slice(0, 10), 16) % 1_000_000_000_000);

/** A tag as Anki keeps it: no spaces. */
const tag = (text: string) => text.trim().replace(/\s+/g, '_');

function noteFields(q: SolvedQuestion): string[] {
  const judge = platformById(q.platform)?.name ?? q.platform;
  const solution = q.solution ? `<div class="lang">${escapeUTF8(q.solution.language)}</div><pre><code>${escapeUTF8(q.solution.code)}</code></pre>` : '<p><i>No solution kept for this problem.</i></p>';
  // Note bodies are HTML sanitised on save (services/note-html); Anki shows HTML fields as they are.
  const notes = q.notes.map((n) => `<h3>${escapeUTF8(n.title)}</h3>${n.html}`).join('');
  return [
    escapeUTF8(q.name),
    `<a href="${escapeUTF8(q.url)}">${escapeUTF8(judge)}: ${escapeUTF8(q.url)}</a>`,
    q.topics.length ? `<span class="topics">${q.topics.map((t) => escapeUTF8(t)).join(', ')}</span>` : '',
    solution,
    notes,
  ];
}

/** The .apkg file of these solved questions, for the user with this id. */
export async function buildAnkiPackage(userId: string, solved: readonly SolvedQuestion[], now: Date): Promise<Uint8Array> {
  const SQL = await loadSqlite();
  const db = new SQL.Database();
  try {
    db.exec(SCHEMA);
    const nowMs = now.getTime();
    const nowSec = Math.floor(nowMs / 1000);
    const deckId = deckIdFor(userId);
    const model = {
      id: String(MODEL_ID),
      name: 'Practice Tracker problem',
      type: 0,
      mod: nowSec,
      usn: -1,
      sortf: 0,
      did: deckId,
      tags: [],
      vers: [],
      css: CSS,
      latexPre: '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
      latexPost: '\\end{document}',
      flds: FIELDS.map((name, ord) => ({ name, ord, font: 'Arial', media: [], rtl: false, size: 20, sticky: false })),
      tmpls: [
        {
          name: 'Recall',
          ord: 0,
          qfmt: '<h2>{{Problem}}</h2><div>{{Link}}</div><div>{{Topics}}</div>',
          afmt: '{{FrontSide}}<hr id="answer">{{Solution}}{{#Notes}}<div class="notes">{{Notes}}</div>{{/Notes}}',
          bqfmt: '',
          bafmt: '',
          did: null,
        },
      ],
      // The card exists when the problem's name does.
      req: [[0, 'all', [0]]],
    };
    const deckBase = { collapsed: false, desc: '', dyn: 0, extendNew: 10, extendRev: 50, newToday: [0, 0], revToday: [0, 0], lrnToday: [0, 0], timeToday: [0, 0], usn: -1, mod: nowSec, conf: 1 };
    const decks = {
      '1': { ...deckBase, id: 1, name: 'Default', usn: 0 },
      [deckId]: { ...deckBase, id: deckId, name: DECK_NAME, desc: 'Solved problems with their latest solution and notes.' },
    };
    const dconf = {
      '1': {
        id: 1,
        name: 'Default',
        mod: 0,
        usn: 0,
        maxTaken: 60,
        timer: 0,
        autoplay: true,
        replayq: true,
        dyn: false,
        new: { bury: true, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 7], order: 1, perDay: 20, separate: true },
        lapse: { delays: [10], leechAction: 0, leechFails: 8, minInt: 1, mult: 0 },
        rev: { bury: true, ease4: 1.3, fuzz: 0.05, ivlFct: 1, maxIvl: 36500, minSpace: 1, perDay: 200 },
      },
    };
    const conf = { activeDecks: [deckId], curDeck: deckId, curModel: String(MODEL_ID), newSpread: 0, collapseTime: 1200, timeLim: 0, estTimes: true, dueCounts: true, sortType: 'noteFld', sortBackwards: false, addToCur: true, nextPos: solved.length + 1 };
    db.run('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
      Math.floor(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) / 1000),
      nowMs,
      nowMs,
      JSON.stringify(conf),
      JSON.stringify({ [String(MODEL_ID)]: model }),
      JSON.stringify(decks),
      JSON.stringify(dconf),
      '{}',
    ]);
    const insertNote = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)');
    const insertCard = db.prepare('INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, ?)');
    solved.forEach((q, i) => {
      // Ids are creation times in milliseconds in Anki; distinct ones from now on.
      const noteId = nowMs + i;
      const fields = noteFields(q);
      const [sortField] = fields as [string, ...string[]];
      const tags = [q.platform, ...q.topics].map(tag).filter(Boolean);
      insertNote.run([noteId, guidFor(q.id), MODEL_ID, nowSec, tags.length ? ` ${tags.join(' ')} ` : '', fields.join('\x1f'), sortField, fieldChecksum(sortField), '']);
      insertCard.run([noteId, noteId, deckId, nowSec, i + 1, '']);
    });
    insertNote.free();
    insertCard.free();
    const collection = db.export();
    return zipSync({ 'collection.anki2': collection, media: strToU8('{}') }, { level: 6 });
  } finally {
    db.close();
  }
}
