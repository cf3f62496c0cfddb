/**
 * Hostile .xlsx files for tests, made in memory (nothing large is committed): a zip bomb whose entries
 * really inflate to gigabytes, and a workbook padded with thousands of entries.
 */
import { unzipSync, zipSync } from 'fflate';
import { exampleProblemUrl } from '../../../shared/platforms/index';

type XlsxModule = typeof import('xlsx');

/** Writes bits least significant first, as deflate does. */
class BitWriter {
  bytes: Uint8Array;
  bit = 0;
  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }
  write(value: number, count: number) {
    for (let i = 0; i < count; i++, this.bit++) if ((value >> i) & 1) this.set();
  }
  /** Sets the current bit (the buffer is made large enough for every bit written). */
  private set() {
    const byte = this.bit >> 3;
    this.bytes[byte] = (this.bytes[byte] ?? 0) | (1 << (this.bit & 7));
  }
  /** A Huffman code goes most significant bit first. */
  code(value: number, length: number) {
    for (let i = length - 1; i >= 0; i--, this.bit++) if ((value >> i) & 1) this.set();
  }
  skip(count: number) {
    this.bit += count;
  }
  done() {
    return this.bytes.slice(0, (this.bit + 7) >> 3);
  }
}

/**
 * A raw deflate stream of 1 + 258 × matches zero bytes, at deflate's best ratio (about 1032:1): one
 * dynamic block whose codes are literal 0 = '10', end = '11', length 258 = '0' and distance 1 = '0', so
 * each 258 bytes cost two zero bits. Made directly, since compressing gigabytes to get it would take minutes.
 */
export function deflatedZeros(matches: number): Uint8Array {
  const w = new BitWriter(64 + Math.ceil(matches / 4));
  w.write(1, 1); // last block
  w.write(2, 2); // dynamic Huffman
  w.write(286 - 257, 5); // HLIT: codes 0..285
  w.write(2 - 1, 5); // HDIST: distance codes 0 and 1
  w.write(18 - 4, 4); // HCLEN: 18 code-length codes in the fixed order below
  const order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1];
  const clLengths: Record<number, number> = { 18: 1, 1: 2, 2: 2 };
  for (const sym of order) w.write(clLengths[sym] ?? 0, 3);
  // Canonical code-length codes: 18 = '0', 1 = '10', 2 = '11'.
  const zeros = (n: number) => {
    while (n >= 11) {
      const run = Math.min(n, 138);
      w.code(0, 1);
      w.write(run - 11, 7);
      n -= run;
    }
    if (n) throw new Error('runs of zeros here are always 11 or more');
  };
  w.code(3, 2); // symbol 0: length 2
  zeros(255); // symbols 1..255
  w.code(3, 2); // 256 (end of block): length 2
  zeros(28); // 257..284
  w.code(2, 2); // 285 (length 258): length 1
  w.code(2, 2); // distance 0: length 1
  w.code(2, 2); // distance 1: length 1
  // Literal/length codes: 285 = '0', 0 = '10', 256 = '11'. Distance 0 (distance 1) = '0'.
  w.code(2, 2); // one literal zero
  w.skip(2 * matches); // (258, distance 1) repeated: all zero bits
  w.code(3, 2); // end of block
  return w.done();
}

interface ZipPart {
  name: string;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  data: Uint8Array;
  /** The inflated size the headers declare. */
  size: number;
  /** Another part's name: this entry points at that part's bytes (overlapping entries). */
  sameDataAs?: string;
}

const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const u32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];

/**
 * A zip written by hand so entries may share bytes and declare any size. CRCs are left 0: a reader only
 * finds that out after inflating, which is the harm a bomb does.
 */
export function buildZip(parts: ZipPart[]): Uint8Array {
  const enc = new TextEncoder();
  const chunks: Uint8Array[] = [];
  const offsets = new Map<string, number>();
  let offset = 0;
  for (const p of parts) {
    if (p.sameDataAs) continue;
    const name = enc.encode(p.name);
    const header = new Uint8Array([...u32(0x04034b50), ...u16(20), ...u16(0), ...u16(p.method), ...u32(0), ...u32(0), ...u32(p.data.length), ...u32(p.size), ...u16(name.length), ...u16(0)]);
    offsets.set(p.name, offset);
    chunks.push(header, name, p.data);
    offset += header.length + name.length + p.data.length;
  }
  const central = offset;
  for (const p of parts) {
    const name = enc.encode(p.name);
    const at = offsets.get(p.sameDataAs ?? p.name) ?? 0;
    const data = p.sameDataAs ? (parts.find((q) => q.name === p.sameDataAs)?.data ?? p.data) : p.data;
    const header = new Uint8Array([
      ...u32(0x02014b50), ...u16(20), ...u16(20), ...u16(0), ...u16(p.method), ...u32(0), ...u32(0),
      ...u32(data.length), ...u32(p.size), ...u16(name.length), ...u16(0), ...u16(0), ...u16(0), ...u16(0), ...u32(0), ...u32(at),
    ]);
    chunks.push(header, name);
    offset += header.length + name.length;
  }
  chunks.push(new Uint8Array([...u32(0x06054b50), ...u16(0), ...u16(0), ...u16(parts.length), ...u16(parts.length), ...u32(offset - central), ...u32(central), ...u16(0)]));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The parts of a small real workbook (one sheet with a header and one row). */
export function workbookParts(XLSX: XlsxModule): Record<string, Uint8Array> {
  const sheet = XLSX.utils.aoa_to_sheet([['problemUrl', 'solved'], [exampleProblemUrl('leetcode'), 'true']]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  return unzipSync(new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer));
}

/** Bytes one bomb entry inflates to (256 MiB + 1); eight entries share them: over 2 GB in about 260 KB. */
export const BOMB_ENTRY_BYTES = 1 + 258 * Math.ceil((256 * 1024 * 1024) / 258);
export const BOMB_ENTRIES = 8;

/** A workbook whose first sheet, and seven more entries sharing its bytes, inflate to 2 GB of zeros. */
export function zipBomb(XLSX: XlsxModule): Uint8Array {
  const real = workbookParts(XLSX);
  const bomb = deflatedZeros((BOMB_ENTRY_BYTES - 1) / 258);
  const parts: ZipPart[] = Object.entries(real).map(([name, data]) =>
    name === 'xl/worksheets/sheet1.xml' ? { name, method: 8, data: bomb, size: BOMB_ENTRY_BYTES } : { name, method: 0, data, size: data.length },
  );
  for (let i = 2; i <= BOMB_ENTRIES; i++) parts.push({ name: `xl/worksheets/sheet${i}.xml`, method: 8, data: bomb, size: BOMB_ENTRY_BYTES, sameDataAs: 'xl/worksheets/sheet1.xml' });
  return buildZip(parts);
}

/** A real workbook padded with `count` empty entries. */
export function manyEntries(XLSX: XlsxModule, count = 5000): Uint8Array {
  const files: Record<string, Uint8Array> = { ...workbookParts(XLSX) };
  for (let i = 0; i < count; i++) files[`xl/media/p${i}.bin`] = new Uint8Array(0);
  return zipSync(files, { level: 0 });
}
