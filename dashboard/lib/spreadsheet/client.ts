import { fileExtension, UPLOAD_MESSAGES, type SpreadsheetLayout } from '@shared/rules/upload';
import type { ConversionResult } from './convert';

/** A conversion running longer than this is stopped. */
export const CONVERSION_TIMEOUT_MS = 10_000;

/**
 * The CSV to upload for a picked file: a .csv as it is, an .xlsx converted in a Web Worker (with a time
 * limit) using the hyperlink targets of the first column. Never throws: failures carry the message to show.
 */
export async function spreadsheetToCsv(file: File, layout: SpreadsheetLayout, timeoutMs = CONVERSION_TIMEOUT_MS): Promise<ConversionResult> {
  if (fileExtension(file.name) === '.csv') return { ok: true, csv: await file.text(), rows: -1 };
  const data = await file.arrayBuffer();
  const worker = new Worker(new URL('./xlsx-to-csv.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<ConversionResult>((resolve) => {
    const finish = (result: ConversionResult) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, message: UPLOAD_MESSAGES.conversionTimedOut }), timeoutMs);
    worker.onmessage = (event: MessageEvent<ConversionResult>) => finish(event.data);
    worker.onerror = () => finish({ ok: false, message: UPLOAD_MESSAGES.invalidFormat });
    worker.postMessage({ data, layout }, [data]);
  });
}

/** The converted CSV as a file named like the original, ready for a multipart upload. */
export function csvFile(csv: string, original: string): File {
  const base = original.replace(/\.[^.]+$/, '') || 'upload';
  return new File([csv], `${base}.csv`, { type: 'text/csv' });
}

/** spreadsheetToCsv as a CSV File for a multipart upload; throws an Error carrying the message to show. */
export async function spreadsheetToCsvFile(file: File, layout: SpreadsheetLayout, timeoutMs = CONVERSION_TIMEOUT_MS): Promise<File> {
  if (fileExtension(file.name) === '.csv') return file;
  const result = await spreadsheetToCsv(file, layout, timeoutMs);
  if (!result.ok) throw new Error(result.message);
  return csvFile(result.csv, file.name);
}
