import Papa from 'papaparse';
import type { WorkBook, WorkSheet } from 'xlsx';
import { UPLOAD_MESSAGES, type SpreadsheetLayout } from '@shared/rules/upload';
import { checkSpreadsheetZip } from './zip-limits';

type XlsxModule = typeof import('xlsx');

/** What the conversion answers: CSV text with the layout's columns, or the message of the rule it broke. */
export type ConversionResult = { ok: true; csv: string; rows: number } | { ok: false; message: string };

function cellText(sheet: WorkSheet, XLSX: XlsxModule, row: number, col: number, hyperlink: boolean): string {
  const cell = sheet[XLSX.utils.encode_cell({ r: row, c: col })] as import('xlsx').CellObject | undefined;
  if (!cell) return '';
  // The first column's link target is the problem URL, whatever text the cell shows.
  if (hyperlink && cell.l?.Target) return cell.l.Target.trim();
  const text = cell.w ?? (cell.v === undefined ? '' : String(cell.v));
  return text.trim();
}

const normalise = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/**
 * Reads the first sheet of a workbook by position (spec §5: xlsx columns in the layout's order) into CSV.
 * A first row naming the columns is taken as the header and skipped; empty cells get the layout's defaults.
 */
export function workbookToCsv(data: ArrayBuffer, layout: SpreadsheetLayout, XLSX: XlsxModule): ConversionResult {
  // Before SheetJS inflates anything: a zip bomb is refused from its central directory alone.
  const tooBig = checkSpreadsheetZip(new Uint8Array(data));
  if (tooBig) return { ok: false, message: tooBig };
  let book: WorkBook;
  try {
    // No formulas, styles or HTML: only values and links are needed.
    book = XLSX.read(data, { type: 'array', cellFormula: false, cellHTML: false, cellStyles: false, sheetRows: 50_000 });
  } catch {
    return { ok: false, message: UPLOAD_MESSAGES.invalidFormat };
  }
  const name = book.SheetNames[0];
  const sheet = name ? book.Sheets[name] : undefined;
  if (!sheet || !sheet['!ref']) return { ok: false, message: UPLOAD_MESSAGES.empty };
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const width = layout.columns.length;
  const read = (r: number) => layout.columns.map((_, c) => cellText(sheet, XLSX, r, range.s.c + c, c === 0));
  const first = read(range.s.r);
  const hasHeader = normalise(first[0] ?? '') === normalise(layout.columns[0] ?? '');
  const rows: string[][] = [];
  for (let r = range.s.r + (hasHeader ? 1 : 0); r <= range.e.r; r++) {
    const cells = read(r);
    if (cells.every((c) => c === '')) continue;
    rows.push(cells.slice(0, width).map((c, i) => (c === '' ? (layout.defaults[layout.columns[i] ?? ''] ?? '') : c)));
  }
  if (!rows.length) return { ok: false, message: UPLOAD_MESSAGES.empty };
  return { ok: true, csv: Papa.unparse({ fields: [...layout.columns], data: rows }), rows: rows.length };
}
