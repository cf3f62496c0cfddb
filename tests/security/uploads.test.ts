/**
 * Hostile uploads against a real HTTP server (so Content-Length, chunked transfer and stalled clients
 * behave as on the wire): oversized bodies are refused before they are read whole, wrong files get the
 * spec's messages, hostile CSV content neither pollutes prototypes nor breaks the import, and every
 * refused upload leaves the sheet and the workspace exactly as they were.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../shared/rules/upload';
import { reportSecurity } from './report';
import { createApp } from '../../api/app';
import { testConfig } from '../../api/config';
import type { Database } from '../../api/db/client';
import { openTestDatabase } from '../../api/testing';
import type { SheetImportResult } from '../../shared/schemas/sharing';
import type { Mapping, Sheet, SheetProgress } from '../../shared/schemas/sheet';
import type { AuthResult } from '../../shared/schemas/user';
import type { ProgressImportResult, WorkspacePage } from '../../shared/schemas/workspace';

const SHEET_UP = '/question-tracker/v1/user/uploader/sheet';
const PROGRESS_UP = '/question-tracker/v1/user/uploader/progress';
const S = '/question-tracker/v2/sheet';
const W = '/question-tracker/v1/user/question';

interface Envelope<T = unknown> {
  status: { code: number; success: boolean; error: string | null; message: string };
  data: T;
}
interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

/** What get-sheet-data answers. */
interface SheetData {
  sheet: Sheet;
  mappings: Mapping[];
  progress: SheetProgress;
}

const counts = { cases: 0, serverErrors: 0 };
const tally = (status: number) => {
  counts.cases++;
  if (status >= 500) counts.serverErrors++;
};

let database: Database;
let server: ServerType;
let port = 0;
const serverSockets = new Set<Socket>();
let owner: { token: string; id: string };
let sheetId = '';

async function call<T = unknown>(method: string, path: string, opts: { token?: string; body?: BodyInit; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers, body: opts.body });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Envelope<T>) : (null as unknown as Envelope<T>) };
}

async function signup(name: string) {
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await call<AuthResult>('POST', '/auth/v1/signup', {
    body: JSON.stringify({ email, password: 'correct horse battery', firstName: name }),
    headers: { 'content-type': 'application/json' },
  });
  if (res.status !== 201) throw new Error(`signup failed: ${JSON.stringify(res.body)}`);
  return { token: res.body.data.token, id: res.body.data.user._id };
}

function form(content: BlobPart | null, name = 'upload.csv', type = 'text/csv', withSheet = true) {
  const fd = new FormData();
  if (withSheet) fd.set('sheetId', sheetId);
  if (content !== null) fd.set('file', new File([content], name, { type }));
  return fd;
}

const uploadSheet = async (body: BodyInit, headers?: Record<string, string>) => {
  const res = await call<SheetImportResult>('POST', SHEET_UP, { token: owner.token, body, headers });
  tally(res.status);
  return res;
};
const uploadProgress = async (body: BodyInit, headers?: Record<string, string>) => {
  const res = await call<ProgressImportResult>('POST', PROGRESS_UP, { token: owner.token, body, headers });
  tally(res.status);
  return res;
};

/** Everything a refused upload could have touched: the sheet (tree, mappings, progress) and the workspace. */
async function state() {
  const sheet = await call<SheetData>('GET', `${S}/get-sheet-data/${sheetId}`, { token: owner.token });
  const workspace = await call<WorkspacePage>('GET', `${W}/get-questions?page=1&pageSize=100`, { token: owner.token });
  expect(sheet.status).toBe(200);
  expect(workspace.status).toBe(200);
  return { sheet: sheet.body.data, workspace: workspace.body.data };
}

/** Runs a refused upload and checks the sheet and the workspace are exactly as before it. */
async function refused(send: () => Promise<Answer>, status: number | number[], message: string) {
  const before = await state();
  const res = await send();
  expect([status].flat(), `${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
  expect(res.body.status.message).toBe(message);
  expect(await state()).toEqual(before);
}

const csvRows = (header: string, rows: string[], eol = '\n') => [header, ...rows].join(eol) + eol;

/** Bytes the server has read on its side of every connection so far. */
const serverBytesRead = () => [...serverSockets].reduce((n, s) => n + s.bytesRead, 0);

interface RawAnswer {
  status: number;
  body: string;
  /** Bytes the client had handed to the socket when the answer arrived. */
  sentAtAnswer: number;
  /** Bytes the server had read when the answer arrived. */
  readAtAnswer: number;
  /** Whether the client had finished its body when the answer arrived. */
  endedBeforeAnswer: boolean;
  /** Resolves when the server closes the connection. */
  closed: Promise<void>;
}

/**
 * Streams a body of up to `total` bytes in chunks (chunked transfer unless a content length is given),
 * waiting for each chunk to be flushed, and stops sending as soon as an answer arrives. With `stallAfter`,
 * the client stops sending after that many bytes and waits without ending the request.
 */
function streamUpload(path: string, opts: { total: number; contentLength?: number; stallAfter?: number }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      authorization: `Bearer ${owner.token}`,
      'content-type': 'multipart/form-data; boundary=----hostile',
    };
    if (opts.contentLength !== undefined) headers['content-length'] = opts.contentLength;
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers });
    let sent = 0;
    let answered = false;
    let ended = false;
    let closedResolve: () => void = () => {};
    const closed = new Promise<void>((r) => (closedResolve = r));
    req.on('close', () => closedResolve());
    req.on('error', () => closedResolve()); // EPIPE / ECONNRESET once the server cuts the connection
    req.on('response', (res) => {
      answered = true;
      const sentAtAnswer = sent;
      const readAtAnswer = serverBytesRead();
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sentAtAnswer, readAtAnswer, endedBeforeAnswer: ended, closed }));
      res.on('error', reject);
    });
    const head = Buffer.from('------hostile\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nproblemUrl,topic,subTopic\n');
    const chunk = Buffer.alloc(64 * 1024, 'a,b,c\n');
    const pump = () => {
      if (answered) return;
      if (opts.stallAfter !== undefined && sent >= opts.stallAfter) return; // headers and part of the body sent, then silence
      if (sent >= opts.total) {
        ended = true;
        req.end();
        return;
      }
      const piece = sent === 0 ? head : chunk;
      sent += piece.length;
      req.write(piece, (err) => (err ? closedResolve() : setImmediate(pump)));
    };
    if (opts.stallAfter === 0) req.flushHeaders();
    pump();
  });
}

describe('hostile uploads over real HTTP', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    const app = createApp({ db: database.db, config: testConfig({ dashboardDir: '/nonexistent' }) });
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
        port = info.port;
        resolve();
      });
    });
    server.on('connection', (socket: Socket) => {
      serverSockets.add(socket);
      socket.on('close', () => serverSockets.delete(socket));
    });
    owner = await signup('Owner');
    const sheet = await call<{ sheet: Sheet }>('POST', `${S}/create-sheet`, {
      token: owner.token,
      body: JSON.stringify({ name: 'Hostile', slug: `hostile-${Math.random().toString(36).slice(2, 8)}` }),
      headers: { 'content-type': 'application/json' },
    });
    sheetId = sheet.body.data.sheet._id;
    // A sheet and a workspace with something in them, so "unchanged" means something.
    const seeded = await uploadSheet(
      form(csvRows('problemUrl,topic,subTopic', ['https://leetcode.com/problems/two-sum/,Arrays,Hashing', 'https://codeforces.com/problemset/problem/4/A,Math,'])),
    );
    expect(seeded.status).toBe(200);
    const progress = await uploadProgress(form(csvRows('problemUrl,solved', ['https://leetcode.com/problems/two-sum/,true', 'https://leetcode.com/problems/climbing-stairs/,false'])));
    expect(progress.status).toBe(200);
  });

  afterAll(async () => {
    for (const s of serverSockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
  });

  describe('oversized bodies are refused before they are read whole', () => {
    it('a Content-Length over 1 MB with no body sent at all still gets 413 and the spec message', async () => {
      for (const path of [SHEET_UP, PROGRESS_UP]) {
        const before = await state();
        const answer = await streamUpload(path, { total: 50 * MAX_UPLOAD_BYTES, contentLength: 50 * MAX_UPLOAD_BYTES, stallAfter: 0 });
        tally(answer.status);
        expect(answer.status).toBe(413);
        expect((JSON.parse(answer.body) as Envelope).status.message).toBe(UPLOAD_MESSAGES.tooLarge);
        expect(answer.sentAtAnswer).toBe(0);
        await answer.closed; // the server does not wait for the 50 MB it was promised
        expect(await state()).toEqual(before);
      }
    });

    it('a Content-Length over 1 MB is answered while the client is still sending', async () => {
      const before = await state();
      const answer = await streamUpload(PROGRESS_UP, { total: 8 * MAX_UPLOAD_BYTES, contentLength: 8 * MAX_UPLOAD_BYTES });
      tally(answer.status);
      expect(answer.status).toBe(413);
      expect((JSON.parse(answer.body) as Envelope).status.message).toBe(UPLOAD_MESSAGES.tooLarge);
      expect(answer.endedBeforeAnswer).toBe(false);
      await answer.closed;
      expect(await state()).toEqual(before);
    });

    it('a chunked body growing past 1 MB is refused while the client keeps sending, having read about 1 MB', async () => {
      for (const path of [SHEET_UP, PROGRESS_UP]) {
        const before = await state();
        const answer = await streamUpload(path, { total: 16 * MAX_UPLOAD_BYTES });
        tally(answer.status);
        expect(answer.status).toBe(413);
        expect((JSON.parse(answer.body) as Envelope).status.message).toBe(UPLOAD_MESSAGES.tooLarge);
        expect(answer.endedBeforeAnswer).toBe(false);
        // What the server holds is bounded by the limit, not by what the client sends.
        expect(answer.readAtAnswer).toBeLessThan(2 * MAX_UPLOAD_BYTES);
        await answer.closed;
        expect(await state()).toEqual(before);
      }
    });

    it('a chunked client that sends 1.2 MB and stalls gets 413 and the connection is closed', async () => {
      const before = await state();
      const answer = await streamUpload(SHEET_UP, { total: 16 * MAX_UPLOAD_BYTES, stallAfter: Math.round(1.2 * MAX_UPLOAD_BYTES) });
      tally(answer.status);
      expect(answer.status).toBe(413);
      expect(answer.endedBeforeAnswer).toBe(false);
      await answer.closed; // the server cuts the stalled connection rather than waiting for the end of the body
      expect(await state()).toEqual(before);
    });

    it('a body of 1 MB or more inside the transport limit gets the same message, and a request with both Content-Length and chunked is refused', async () => {
      await refused(() => uploadSheet(form(`problemUrl,topic,subTopic\n${'x'.repeat(MAX_UPLOAD_BYTES)}`)), [400, 413], UPLOAD_MESSAGES.tooLarge);
      await refused(() => uploadProgress(form(`problemUrl,solved\n${'x'.repeat(MAX_UPLOAD_BYTES)}`)), [400, 413], UPLOAD_MESSAGES.tooLarge);
      // Request smuggling shape: the HTTP parser refuses it before the app sees it.
      const status = await new Promise<number>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(`POST ${PROGRESS_UP} HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`);
        });
        let text = '';
        socket.on('data', (d) => (text += d.toString()));
        socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0)));
      });
      tally(status);
      expect(status).toBe(400);
    });
  });

  describe('wrong files get the spec messages and change nothing', () => {
    const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const cases: [string, () => FormData, number, string][] = [
      ['an .xlsx (the browser converts those)', () => form('PK\u0003\u0004', 'sheet.xlsx', xlsxType), 400, UPLOAD_MESSAGES.invalidFormat],
      ['a .txt', () => form('problemUrl,topic,subTopic\n', 'sheet.txt', 'text/plain'), 400, UPLOAD_MESSAGES.invalidFormat],
      ['an .exe', () => form(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), 'setup.exe', 'application/x-msdownload'), 400, UPLOAD_MESSAGES.invalidFormat],
      ['a double extension', () => form('problemUrl\n', 'sheet.csv.exe', 'text/csv'), 400, UPLOAD_MESSAGES.invalidFormat],
      ['no extension', () => form('problemUrl\n', 'sheet', 'text/csv'), 400, UPLOAD_MESSAGES.invalidFormat],
      ['an executable renamed .csv', () => form(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]), 'setup.csv', 'text/csv'), 415, UPLOAD_MESSAGES.invalidFormat],
      ['an empty file', () => form('', 'empty.csv'), 400, UPLOAD_MESSAGES.empty],
      ['no file', () => form(null), 400, UPLOAD_MESSAGES.required],
      ['a file field that is text', () => {
        const fd = form(null);
        fd.set('file', 'problemUrl,topic,subTopic\nhttps://leetcode.com/problems/two-sum/,A,B\n');
        return fd;
      }, 400, UPLOAD_MESSAGES.required],
      ['a file picker left empty (no name, no bytes)', () => form('', '', 'application/octet-stream'), 400, UPLOAD_MESSAGES.required],
    ];
    for (const [what, make, status, message] of cases) {
      it(`sheet import: ${what}`, async () => {
        await refused(() => uploadSheet(make()), status, message);
      });
      it(`progress import: ${what}`, async () => {
        await refused(() => uploadProgress(make()), status, message);
      });
    }

    it('a body that is not multipart: JSON, text, a form, a multipart type without a boundary, a broken multipart body', async () => {
      const csv = 'problemUrl,topic,subTopic\nhttps://leetcode.com/problems/two-sum/,A,B\n';
      for (const send of [uploadSheet, uploadProgress]) {
        await refused(() => send(JSON.stringify({ file: csv, sheetId }), { 'content-type': 'application/json' }), 415, UPLOAD_MESSAGES.required);
        await refused(() => send(csv, { 'content-type': 'text/csv' }), 415, UPLOAD_MESSAGES.required);
        await refused(() => send(`file=${encodeURIComponent(csv)}&sheetId=${sheetId}`, { 'content-type': 'application/x-www-form-urlencoded' }), 415, UPLOAD_MESSAGES.required);
        await refused(() => send(csv, {}), 415, UPLOAD_MESSAGES.required);
        await refused(() => send(`--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${csv}\r\n--x--\r\n`, { 'content-type': 'multipart/form-data' }), 400, UPLOAD_MESSAGES.required);
        await refused(
          () => send(`--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}`, { 'content-type': 'multipart/form-data; boundary=x' }),
          400,
          UPLOAD_MESSAGES.required,
        );
      }
    });
  });

  describe('hostile CSV content', () => {
    const canaries = () => {
      const probe = {} as Record<string, unknown>;
      return { polluted: probe.polluted, isAdmin: probe.isAdmin, keys: Object.getOwnPropertyNames(Object.prototype).sort(), arrayKeys: Object.getOwnPropertyNames(Array.prototype).sort() };
    };

    it('__proto__, constructor and prototype as headers do not pollute prototypes', async () => {
      const clean = canaries();
      for (const header of ['__proto__', 'constructor', 'prototype', '__proto__.polluted', 'constructor.prototype.polluted']) {
        const sheetCsv = csvRows(`${header},problemUrl,topic,subTopic`, ['{"polluted":1,"isAdmin":true},https://leetcode.com/problems/valid-anagram/,Strings,']);
        const res = await uploadSheet(form(sheetCsv));
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const progressCsv = csvRows(`${header},problemUrl,solved`, ['{"polluted":1,"isAdmin":true},https://leetcode.com/problems/valid-anagram/,true']);
        const progress = await uploadProgress(form(progressCsv));
        expect(progress.status, JSON.stringify(progress.body)).toBe(200);
        expect(canaries()).toEqual(clean);
      }
      // Header-only hostility: no mandatory column.
      await refused(() => uploadSheet(form(csvRows('__proto__,constructor,prototype', ['a,b,c']))), 400, UPLOAD_MESSAGES.missingColumns(['problemUrl', 'topic', 'subTopic']));
      await refused(() => uploadProgress(form(csvRows('__proto__,constructor,prototype', ['a,b,c']))), 400, UPLOAD_MESSAGES.missingColumns(['problemUrl']));
      expect(canaries()).toEqual(clean);
    });

    it('__proto__, constructor and prototype as values are stored as plain names or refused row by row', async () => {
      const clean = canaries();
      const before = (await state()).sheet;
      const res = await uploadSheet(
        form(
          csvRows('problemUrl,topic,subTopic', [
            'https://leetcode.com/problems/house-robber/,__proto__,constructor',
            'https://leetcode.com/problems/jump-game/,constructor,__proto__',
            'https://leetcode.com/problems/word-break/,prototype,toString',
            'https://leetcode.com/problems/coin-change/,toString,hasOwnProperty',
            '__proto__,Arrays,Hashing',
          ]),
        ),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(canaries()).toEqual(clean);
      const rows = res.body.data.results;
      expect(rows.find((r) => r.row === 6)).toMatchObject({ status: 'invalidUrl' });
      // A "__proto__" topic is refused with a message; the other names are plain names.
      expect(rows.find((r) => r.row === 2)).toMatchObject({ status: 'error', message: UPLOAD_MESSAGES.reservedTopic });
      for (const r of rows.filter((x) => x.row >= 3 && x.row <= 5)) expect(r.status, JSON.stringify(r)).toBe('added');
      // The sheet still reads back, and its tree is consistent: every topic has its own subtopic list.
      const after = (await state()).sheet;
      const config = after.sheet.config;
      for (const topic of config.topicOrder) expect(Array.isArray(Object.getOwnPropertyDescriptor(config.subTopicOrder, topic)?.value), topic).toBe(true);
      for (const m of after.mappings) {
        if (m.topic) expect(config.topicOrder).toContain(m.topic);
        if (m.subTopic) expect(Object.getOwnPropertyDescriptor(config.subTopicOrder, m.topic)?.value).toContain(m.subTopic);
      }
      expect(after.mappings.length).toBe(before.mappings.length + rows.filter((r) => r.status === 'added').length);
      // And the sheet stays editable afterwards.
      const version = after.sheet.version;
      const reorder = await call<{ sheet: Sheet }>('PATCH', `${S}/update-sheet/${sheetId}`, {
        token: owner.token,
        body: JSON.stringify({ config: after.sheet.config, version }),
        headers: { 'content-type': 'application/json' },
      });
      tally(reorder.status);
      expect(reorder.status, JSON.stringify(reorder.body)).toBe(200);
    });

    it('formula cells are kept as text, never evaluated, and formula-shaped URLs are not problems', async () => {
      const res = await uploadSheet(
        form(
          csvRows('problemUrl,topic,subTopic', [
            'https://leetcode.com/problems/rotate-image/,"=HYPERLINK(""https://evil.example"",""x"")",+cmd|/c calc!A1',
            '"=HYPERLINK(""https://leetcode.com/problems/two-sum/"")",A,B',
            '@SUM(1+1),A,B',
          ]),
        ),
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ added: 1, invalidUrl: 2 });
      const sheet = (await state()).sheet;
      expect(sheet.sheet.config.topicOrder).toContain('=HYPERLINK("https://evil.example","x")');
      const progress = await uploadProgress(
        form(
          csvRows('problemUrl,solved', [
            '"=HYPERLINK(""https://leetcode.com/problems/two-sum/"")",true',
            'https://leetcode.com/problems/rotate-image/,=1+1',
            '-2+3,true',
            "'=cmd|' /C calc'!A0,true",
          ]),
        ),
      );
      expect(progress.status).toBe(200);
      expect(progress.body.data).toMatchObject({ new: 0, invalidUrl: 3, error: 1, total: 4 });
    });

    it('thousands of rows just under 1 MB are imported', async () => {
      const rows: string[] = [];
      let i = 0;
      const header = 'problemUrl,solved';
      let size = header.length + 1;
      for (;;) {
        const line = `https://codeforces.com/problemset/problem/${1000 + Math.floor(i / 5)}/${'ABCDE'[i % 5]},${i % 2 ? 'true' : 'false'}`;
        if (size + line.length + 1 >= MAX_UPLOAD_BYTES - 64) break;
        rows.push(line);
        size += line.length + 1;
        i++;
      }
      const csv = csvRows(header, rows);
      expect(Buffer.byteLength(csv)).toBeLessThan(MAX_UPLOAD_BYTES);
      expect(rows.length).toBeGreaterThan(10_000);
      const other = await signup('Bulk');
      const res = await call<ProgressImportResult>('POST', PROGRESS_UP, { token: other.token, body: form(csv) });
      tally(res.status);
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      expect(res.body.data).toMatchObject({ new: rows.length, total: rows.length, invalidUrl: 0, error: 0 });

      // The same shape for the sheet import (one row at a time on the server, so fewer rows).
      const sheetRows = rows.slice(0, 1500).map((r, n) => `${r.split(',')[0]},Topic ${n % 7},Sub ${n % 3}`);
      const sheetRes = await uploadSheet(form(csvRows('problemUrl,topic,subTopic', sheetRows)));
      expect(sheetRes.status).toBe(200);
      expect(sheetRes.body.data.added).toBe(1500);
    }, 120_000);

    it('a BOM, CRLF line ends and UTF-16 with its byte order mark are read', async () => {
      const bom = await uploadSheet(form(`\uFEFF${csvRows('problemUrl,topic,subTopic', ['https://leetcode.com/problems/merge-intervals/,Intervals,Basics'], '\r\n')}`));
      expect(bom.status, JSON.stringify(bom.body)).toBe(200);
      expect(bom.body.data).toMatchObject({ added: 1, total: 1 });
      const sheet = (await state()).sheet;
      expect(sheet.sheet.config.topicOrder).toContain('Intervals');
      expect(sheet.sheet.config.subTopicOrder.Intervals).toEqual(['Basics']);

      const utf16le = Buffer.from(`\uFEFF${csvRows('problemUrl,solved', ['https://leetcode.com/problems/sort-colors/,true'], '\r\n')}`, 'utf16le');
      const progress = await uploadProgress(form(new Uint8Array(utf16le)));
      expect(progress.status, JSON.stringify(progress.body)).toBe(200);
      expect(progress.body.data).toMatchObject({ total: 1, invalidUrl: 0, error: 0 });
      expect(progress.body.data.questions.map((q) => q.problemUrl)).toContain('https://leetcode.com/problems/sort-colors/');

      const utf16be = Buffer.from(`\uFEFF${csvRows('problemUrl,topic,subTopic', ['https://leetcode.com/problems/sort-list/,Lists Ü,'])}`, 'utf16le').swap16();
      const bigEndian = await uploadSheet(form(new Uint8Array(utf16be)));
      expect(bigEndian.status, JSON.stringify(bigEndian.body)).toBe(200);
      expect(bigEndian.body.data).toMatchObject({ added: 1, total: 1 });
      expect((await state()).sheet.sheet.config.topicOrder).toContain('Lists Ü');
    });

    it('bytes that are not text in their encoding are refused with a clear message, and nothing is stored', async () => {
      const bytes = (...parts: (string | number[])[]) => new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p)))));
      const files: [string, Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>][] = [
        [
          'Windows-1252 text (é as one byte)',
          bytes('problemUrl,topic,subTopic\r\nhttps://leetcode.com/problems/two-sum/,Caf', [0xe9], ',\r\n'),
          bytes('problemUrl,solved\r\nhttps://leetcode.com/problems/sort-colors/,true\r\nhttps://leetcode.com/problems/caf', [0xe9, 0xff, 0xfe], '/,true\r\n'),
        ],
        ['an invalid sequence before the header', bytes([0xc3, 0x28], 'problemUrl,topic,subTopic\nhttps://leetcode.com/problems/two-sum/,A,B\n'), bytes([0xc3, 0x28], 'problemUrl,solved\n')],
        [
          'a surrogate encoded as UTF-8 bytes',
          bytes('problemUrl,topic,subTopic\nhttps://leetcode.com/problems/jump-game/,', [0xed, 0xa0, 0x80], ',\n'),
          bytes('problemUrl,solved\nhttps://leetcode.com/problems/jump-game/', [0xed, 0xa0, 0x80], ',true\n'),
        ],
        [
          'UTF-16 with its byte order mark and an odd number of bytes',
          bytes([0xff, 0xfe], Buffer.from('problemUrl,topic,subTopic\n', 'utf16le').toString('latin1'), [0x41]),
          bytes([0xff, 0xfe], Buffer.from('problemUrl,solved\n', 'utf16le').toString('latin1'), [0x41]),
        ],
        [
          'UTF-16 with its byte order mark and an unpaired surrogate',
          new Uint8Array(Buffer.concat([Buffer.from('\uFEFFproblemUrl,topic,subTopic\nhttps://leetcode.com/problems/two-sum/,', 'utf16le'), Buffer.from([0x00, 0xd8]), Buffer.from(',\n', 'utf16le')])),
          new Uint8Array(Buffer.concat([Buffer.from('\uFEFFproblemUrl,solved\nhttps://leetcode.com/problems/two-sum/', 'utf16le'), Buffer.from([0x00, 0xd8]), Buffer.from(',true\n', 'utf16le')])),
        ],
      ];
      for (const [what, sheetFile, progressFile] of files) {
        await refused(() => uploadSheet(form(sheetFile)), 415, UPLOAD_MESSAGES.badEncoding).catch((e: unknown) => {
          throw new Error(`sheet import, ${what}: ${(e as Error).message}`);
        });
        await refused(() => uploadProgress(form(progressFile)), 415, UPLOAD_MESSAGES.badEncoding).catch((e: unknown) => {
          throw new Error(`progress import, ${what}: ${(e as Error).message}`);
        });
      }
    });
  });

  it('no upload caused a server error', () => {
    expect(counts.cases).toBeGreaterThan(40);
    expect(counts.serverErrors).toBe(0);
    reportSecurity({ check: 'hostile uploads', cases: counts.cases, serverErrors: counts.serverErrors, lostWrites: 0 });
  });
});
