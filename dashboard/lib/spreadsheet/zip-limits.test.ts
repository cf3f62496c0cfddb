import { inflateSync, unzipSync } from 'fflate';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, PROGRESS_LAYOUT, SPREADSHEET_ZIP_LIMITS, UPLOAD_MESSAGES } from '@shared/rules/upload';
import { workbookToCsv } from './convert';
import { workbookBytes } from './export';
import { BOMB_ENTRIES, BOMB_ENTRY_BYTES, buildZip, deflatedZeros, manyEntries, workbookParts, zipBomb } from './zip-bombs';
import { checkSpreadsheetZip } from './zip-limits';

/** Entry count and the total inflated size the central directory declares, read without inflating. */
function declared(zip: Uint8Array) {
  let entries = 0;
  let bytes = 0;
  unzipSync(zip, {
    filter: (f) => {
      entries++;
      bytes += f.originalSize;
      return false;
    },
  });
  return { entries, bytes };
}

const buffer = (bytes: Uint8Array) => bytes.slice().buffer;

describe('xlsx zip limits', () => {
  it('the bomb generator makes a genuine deflate stream of zeros', () => {
    const out = inflateSync(deflatedZeros(1000));
    expect(out.length).toBe(1 + 258 * 1000);
    expect(out.every((b) => b === 0)).toBe(true);
  });

  it('refuses a zip bomb under 1 MB that inflates to gigabytes, before SheetJS reads it', () => {
    const bomb = zipBomb(XLSX);
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(declared(bomb).bytes).toBeGreaterThan(BOMB_ENTRIES * BOMB_ENTRY_BYTES);
    expect(declared(bomb).bytes).toBeGreaterThan(2 * 1024 ** 3);
    expect(checkSpreadsheetZip(bomb)).toBe(UPLOAD_MESSAGES.spreadsheetTooLarge);
    expect(workbookToCsv(buffer(bomb), PROGRESS_LAYOUT, XLSX)).toEqual({ ok: false, message: UPLOAD_MESSAGES.spreadsheetTooLarge });
  });

  it('refuses a workbook padded with thousands of entries, which SheetJS would otherwise read', () => {
    const padded = manyEntries(XLSX, 5000);
    expect(padded.length).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(declared(padded).entries).toBeGreaterThan(5000);
    expect(checkSpreadsheetZip(padded)).toBe(UPLOAD_MESSAGES.spreadsheetTooLarge);
    expect(workbookToCsv(buffer(padded), PROGRESS_LAYOUT, XLSX)).toEqual({ ok: false, message: UPLOAD_MESSAGES.spreadsheetTooLarge });
    // Only the entry count breaks a rule: the same file is otherwise a readable workbook.
    expect(checkSpreadsheetZip(padded, { ...SPREADSHEET_ZIP_LIMITS, maxEntries: 10_000 })).toBeNull();
    expect(XLSX.read(padded, { type: 'array' }).SheetNames).toEqual(['Sheet1']);
  });

  it('refuses one part compressed far beyond what spreadsheet XML does, even when the total is small', () => {
    const parts: Parameters<typeof buildZip>[0] = Object.entries(workbookParts(XLSX)).map(([name, data]) => ({ name, method: 0, data, size: data.length }));
    const dense = deflatedZeros(8000); // 2 MB in about 2 KB
    parts.push({ name: 'xl/media/dense.bin', method: 8, data: dense, size: 1 + 258 * 8000 });
    const zip = buildZip(parts);
    expect(declared(zip).bytes).toBeLessThan(SPREADSHEET_ZIP_LIMITS.maxUncompressedBytes);
    expect(checkSpreadsheetZip(zip)).toBe(UPLOAD_MESSAGES.spreadsheetTooLarge);
    // The hand-written zip is otherwise well formed: without the dense part it passes.
    expect(checkSpreadsheetZip(buildZip(parts.slice(0, -1)))).toBeNull();
  });

  it('lets a real workbook of thousands of rows through, and calls anything that is not a zip an invalid format', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ problemUrl: `https://codeforces.com/problemset/problem/${1000 + i}/A`, solved: i % 2 === 0 }));
    const book = workbookBytes(XLSX, ['problemUrl', 'solved'], rows);
    expect(checkSpreadsheetZip(new Uint8Array(book))).toBeNull();
    const result = workbookToCsv(book, PROGRESS_LAYOUT, XLSX);
    expect(result.ok && result.rows).toBe(5000);
    expect(checkSpreadsheetZip(new TextEncoder().encode('problemUrl,solved\n'))).toBe(UPLOAD_MESSAGES.invalidFormat);
    expect(checkSpreadsheetZip(new Uint8Array(0))).toBe(UPLOAD_MESSAGES.invalidFormat);
  });
});
