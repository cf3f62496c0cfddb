/**
 * File upload rules of spec §5 and §9, shared by the progress import and the sheet import:
 * allowed extensions, the size limit, the column layouts and the exact messages.
 */
export const UPLOAD_MESSAGES = {
  invalidFormat: 'Invalid file format',
  tooLarge: 'File size should be less than 1 MB',
  required: 'Please select a file',
  failed: 'Failed to upload file',
  slow: 'Upload is taking longer than expected...',
  progressSynced: 'Progress Synced Successfully',
  /** Shown when a converted or uploaded sheet lacks a mandatory column. */
  missingColumns: (columns: readonly string[]) => `The file must have the column${columns.length > 1 ? 's' : ''}: ${columns.join(', ')}`,
  empty: 'The file has no rows to import',
  conversionTimedOut: 'The spreadsheet took too long to read',
  /** A zip whose entries would inflate past the reader's limits (a zip bomb, or simply too big to read here). */
  spreadsheetTooLarge: 'The spreadsheet is too large to read',
  /** A row whose topic cannot be a key of the sheet's tree. */
  reservedTopic: 'This topic name is reserved; choose another',
  /** A CSV whose bytes are not text in its encoding (see decodeCsv). */
  badEncoding: 'The file is not valid UTF-8 text. Save it as "CSV UTF-8" and upload it again.',
  /** Why a row of an import was skipped (the import summary lists them). */
  rowUrlEmpty: 'The problem URL is empty',
  rowUrlUnsupported: 'Not a problem URL of a supported platform',
  rowBrokenQuotes: 'The row has an unclosed quote',
  rowSolvedUnreadable: 'Solved must be true or false (yes/no, 1/0 also work)',
  /** Rows whose problem the catalogue does not know: added as the user's own questions, maybe a typo. */
  customHeading: 'Added as new questions, check the spelling',
  customHint: 'The catalogue does not know these problems, so they were added as your own questions. A typo in a URL shows up here: remove the wrong ones.',
  customRemoved: (n: number) => `${n} ${n === 1 ? 'question' : 'questions'} removed`,
  customRemoveFailed: 'Could not remove the questions',
} as const;

/**
 * The heading of a progress import's result: the spec's success message when every row went in, and
 * what happened, in a warning tone, when some were refused.
 */
export function importHeadline(r: { total: number; invalidUrl: number; error: number }): { tone: 'success' | 'warning'; text: string } {
  const refused = r.invalidUrl + r.error;
  if (refused === 0) return { tone: 'success', text: UPLOAD_MESSAGES.progressSynced };
  return { tone: 'warning', text: `${r.total - refused} of ${r.total} rows imported; ${refused} ${refused === 1 ? 'needs' : 'need'} attention` };
}

/** At most this many skipped rows are listed in an import's answer; the counts cover the rest. */
export const MAX_LISTED_FAILURES = 500;
/** A listed cell value is cut to this many characters. */
export const MAX_LISTED_VALUE = 300;

/**
 * The text of a CSV file: UTF-8, or UTF-16 when a byte order mark says so (Excel's "Unicode text"), with
 * the mark removed. Bytes that are not valid in that encoding are refused, with the message for binary
 * content when they hold a NUL byte outside UTF-16: a file in another encoding (say Windows-1252) would
 * otherwise be read with replacement characters in place of its letters and URLs.
 */
export function decodeCsv(bytes: Uint8Array): { text: string } | { refused: string } {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : null;
  try {
    return { text: new TextDecoder(utf16 ?? 'utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { refused: !utf16 && bytes.includes(0) ? UPLOAD_MESSAGES.invalidFormat : UPLOAD_MESSAGES.badEncoding };
  }
}

/**
 * Topic names key the sheet's subtopic map, and "__proto__" is dropped by object validation on the way
 * back in, so such a topic could never be edited again: an import refuses it row by row.
 */
export function isReservedTopicName(name: string): boolean {
  return name === '__proto__';
}

/** Files must be strictly under 1 MB. */
export const MAX_UPLOAD_BYTES = 1024 * 1024;
/**
 * What the browser reads out of an .xlsx (a zip) before inflating anything, from its central directory:
 * a real import sheet has a few dozen parts and inflates to a few MB. Beyond these, the file is refused
 * with UPLOAD_MESSAGES.spreadsheetTooLarge (zip bombs: huge declared sizes, overlapping or countless entries).
 */
export const SPREADSHEET_ZIP_LIMITS = {
  maxEntries: 1000,
  maxUncompressedBytes: 50 * 1024 * 1024,
  /** Compression ratio allowed for a part that inflates past ratioAppliesAbove bytes. */
  maxRatio: 200,
  ratioAppliesAbove: 1024 * 1024,
} as const;
/** After this long an upload shows the slow-upload hint. */
export const SLOW_UPLOAD_MS = 10_000;
/** What a person may pick; xlsx is converted to csv in the browser, so the server takes csv only. */
const UPLOAD_EXTENSIONS = ['.xlsx', '.csv'] as const;
export const SERVER_UPLOAD_EXTENSIONS = ['.csv'] as const;
/** The accept attribute for a file input. */
export const UPLOAD_ACCEPT = '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface UploadFileLike {
  name: string;
  size: number;
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** The first rule a file breaks, as the spec's message, or null when it may be uploaded. */
export function checkUploadFile(file: UploadFileLike | null | undefined, extensions: readonly string[] = UPLOAD_EXTENSIONS): string | null {
  if (!file || !file.name) return UPLOAD_MESSAGES.required;
  if (!extensions.includes(fileExtension(file.name))) return UPLOAD_MESSAGES.invalidFormat;
  if (file.size >= MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  return null;
}

/**
 * A spreadsheet layout: the columns in their order (an xlsx is read by position), the mandatory ones,
 * and defaults for empty cells. The first column holds a URL whose hyperlink target wins over its text.
 */
export interface SpreadsheetLayout {
  columns: readonly string[];
  required: readonly string[];
  defaults: Readonly<Record<string, string>>;
}

export const PROGRESS_LAYOUT: SpreadsheetLayout = {
  columns: ['problemUrl', 'solved'],
  required: ['problemUrl'],
  defaults: { solved: 'false' },
};

export const SHEET_IMPORT_LAYOUT: SpreadsheetLayout = {
  columns: ['problemUrl', 'topic', 'subTopic'],
  required: ['problemUrl', 'topic', 'subTopic'],
  defaults: {},
};

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'solved', 'done', 'x', '✓']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'unsolved', '']);

/** Reads a solved cell: empty means false; anything unrecognised is null (the row is counted as an error). */
export function parseSolvedCell(value: string | undefined): boolean | null {
  const v = (value ?? '').trim().replace(/^'/, '').toLowerCase();
  if (TRUE_WORDS.has(v)) return true;
  if (FALSE_WORDS.has(v)) return false;
  return null;
}
