import Papa from 'papaparse';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { PROGRESS_LAYOUT, SHEET_IMPORT_LAYOUT, UPLOAD_MESSAGES } from '@shared/rules/upload';
import { workbookToCsv } from './convert';
import { workbookBytes } from './export';

function book(rows: (string | boolean | number | null)[][], links: Record<number, string> = {}): ArrayBuffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  for (const [r, target] of Object.entries(links)) {
    const cell = sheet[XLSX.utils.encode_cell({ r: Number(r), c: 0 })] as XLSX.CellObject;
    cell.l = { Target: target };
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, sheet, 'Sheet1');
  return XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

const rowsOf = (csv: string) => Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });

describe('xlsx to csv', () => {
  it('uses the hyperlink target of the first column and defaults solved to false', () => {
    const data = book(
      [
        ['problemUrl', 'solved'],
        ['Two Sum', true],
        ['Watermelon', null],
        ['https://leetcode.com/problems/climbing-stairs/', 'no'],
        [null, null],
      ],
      { 1: 'https://leetcode.com/problems/two-sum/', 2: 'https://codeforces.com/problemset/problem/4/A' },
    );
    const result = workbookToCsv(data, PROGRESS_LAYOUT, XLSX);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const parsed = rowsOf(result.csv);
    expect(parsed.meta.fields).toEqual(['problemUrl', 'solved']);
    expect(parsed.data).toEqual([
      { problemUrl: 'https://leetcode.com/problems/two-sum/', solved: 'TRUE' },
      { problemUrl: 'https://codeforces.com/problemset/problem/4/A', solved: 'false' },
      { problemUrl: 'https://leetcode.com/problems/climbing-stairs/', solved: 'no' },
    ]);
  });

  it('reads columns by position without a header row, for the sheet import layout too', () => {
    const data = book([['https://leetcode.com/problems/two-sum/', 'Arrays', 'Hashing', 'ignored extra']]);
    const result = workbookToCsv(data, SHEET_IMPORT_LAYOUT, XLSX);
    expect(result.ok && rowsOf(result.csv).data).toEqual([{ problemUrl: 'https://leetcode.com/problems/two-sum/', topic: 'Arrays', subTopic: 'Hashing' }]);
  });

  it('reports a file that is not a workbook, and one without rows', () => {
    const garbage = new TextEncoder().encode('PK\u0003\u0004 not really a zip').buffer;
    expect(workbookToCsv(garbage, PROGRESS_LAYOUT, XLSX)).toEqual({ ok: false, message: UPLOAD_MESSAGES.invalidFormat });
    expect(workbookToCsv(book([['problemUrl', 'solved']]), PROGRESS_LAYOUT, XLSX)).toEqual({ ok: false, message: UPLOAD_MESSAGES.empty });
  });
});

describe('xlsx export', () => {
  const columns = ['problemUrl', 'solved', 'name', 'customTags'];
  const rows = [
    { problemUrl: 'https://leetcode.com/problems/two-sum/', solved: true, name: '=HYPERLINK("https://evil.example")', customTags: '+1' },
    { problemUrl: 'https://codeforces.com/problemset/problem/4/A', solved: false, name: '@SUM(A1)', customTags: '-x' },
  ];

  it('neutralises formula-like text and keeps every cell a plain value', () => {
    const wb = XLSX.read(workbookBytes(XLSX, columns, rows), { type: 'array', cellFormula: true });
    const sheet = wb.Sheets[wb.SheetNames[0] ?? ''] as XLSX.WorkSheet;
    for (const [ref, cell] of Object.entries(sheet)) {
      if (ref.startsWith('!')) continue;
      expect((cell as XLSX.CellObject).f, ref).toBeUndefined();
      expect(String((cell as XLSX.CellObject).v), ref).not.toMatch(/^[=+\-@]/);
    }
    const cell = (ref: string) => sheet[ref] as XLSX.CellObject | undefined;
    expect(cell('C2')?.v).toBe(`'=HYPERLINK("https://evil.example")`);
    expect(cell('A2')?.l?.Target).toBe('https://leetcode.com/problems/two-sum/');
  });

  it('converts back to the same problemUrl and solved values (round trip)', () => {
    const result = workbookToCsv(workbookBytes(XLSX, columns, rows), PROGRESS_LAYOUT, XLSX);
    expect(result.ok && rowsOf(result.csv).data).toEqual([
      { problemUrl: 'https://leetcode.com/problems/two-sum/', solved: 'TRUE' },
      { problemUrl: 'https://codeforces.com/problemset/problem/4/A', solved: 'FALSE' },
    ]);
  });
});
