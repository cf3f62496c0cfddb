import { neutraliseCell } from '@shared/rules/spreadsheet-safety';

type Cell = string | number | boolean;

/**
 * An xlsx workbook of rows (first column a link to its own URL), every formula-like text neutralised.
 * xlsx is loaded only when someone exports.
 */
export async function buildXlsx(columns: readonly string[], rows: readonly Record<string, Cell>[], sheetName = 'Workspace'): Promise<ArrayBuffer> {
  const XLSX = await import('xlsx');
  return workbookBytes(XLSX, columns, rows, sheetName);
}

export function workbookBytes(XLSX: typeof import('xlsx'), columns: readonly string[], rows: readonly Record<string, Cell>[], sheetName = 'Workspace'): ArrayBuffer {
  const safe = rows.map((row) =>
    columns.map((c) => {
      const value = row[c];
      return typeof value === 'string' ? neutraliseCell(value) : (value ?? '');
    }),
  );
  const sheet = XLSX.utils.aoa_to_sheet([[...columns], ...safe]);
  rows.forEach((row, i) => {
    const ref = XLSX.utils.encode_cell({ r: i + 1, c: 0 });
    const target = row[columns[0] ?? ''];
    const cell = sheet[ref] as import('xlsx').CellObject | undefined;
    if (cell && typeof target === 'string' && /^https?:\/\//.test(target)) cell.l = { Target: target };
  });
  sheet['!cols'] = columns.map((c) => ({ wch: c === 'problemUrl' || c === 'name' ? 48 : 14 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}
