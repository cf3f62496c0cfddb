import { unzipSync } from 'fflate';
import { SPREADSHEET_ZIP_LIMITS, UPLOAD_MESSAGES } from '@shared/rules/upload';

export type ZipLimits = { readonly [K in keyof typeof SPREADSHEET_ZIP_LIMITS]: number };

class TooLarge extends Error {}

/**
 * Reads an .xlsx's central directory (names and declared sizes, nothing inflated) and answers the
 * message of the limit it breaks, or null when SheetJS may read it. fflate's filter sees every entry
 * before any inflation; answering false for all of them means nothing is ever inflated here.
 * Declared sizes can lie smaller than the truth: the worker's time limit stays as the backstop.
 */
export function checkSpreadsheetZip(data: Uint8Array, limits: ZipLimits = SPREADSHEET_ZIP_LIMITS): string | null {
  let entries = 0;
  let total = 0;
  try {
    unzipSync(data, {
      filter(file) {
        entries++;
        total += file.originalSize;
        const ratio = file.originalSize / Math.max(file.size, 1);
        if (
          entries > limits.maxEntries ||
          total > limits.maxUncompressedBytes ||
          (file.originalSize > limits.ratioAppliesAbove && ratio > limits.maxRatio)
        ) {
          throw new TooLarge(); // stop at the first broken limit, without walking thousands more entries
        }
        return false;
      },
    });
  } catch (err) {
    return err instanceof TooLarge ? UPLOAD_MESSAGES.spreadsheetTooLarge : UPLOAD_MESSAGES.invalidFormat;
  }
  return entries ? null : UPLOAD_MESSAGES.invalidFormat;
}
