/**
 * Exported cells must never run as a spreadsheet formula (CSV/formula injection): text starting with
 * = + - @, a tab or a carriage return is prefixed with a single quote, which spreadsheets show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Neutralises every string of a row; numbers and booleans cannot start a formula and stay as they are. */
export function neutraliseRow<T extends Record<string, string | number | boolean>>(row: T): T {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(row)) out[k] = typeof v === 'string' ? neutraliseCell(v) : v;
  return out as T;
}

/** Undoes neutraliseCell on import, so an exported value reads back unchanged. */
export function restoreCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
