/// <reference lib="webworker" />
// The namespace import: xlsx.mjs (what Vite bundles) has no default export; readFile is not needed in a browser.
import * as XLSX from 'xlsx';
import type { SpreadsheetLayout } from '@shared/rules/upload';
import { workbookToCsv } from './convert';

/**
 * Converts an uploaded xlsx to CSV off the main thread. xlsx has known read-side advisories, so the
 * parsing runs here, where the page's data is out of reach and the caller can terminate it on a time limit.
 */
self.onmessage = (event: MessageEvent<{ data: ArrayBuffer; layout: SpreadsheetLayout }>) => {
  const { data, layout } = event.data;
  self.postMessage(workbookToCsv(data, layout, XLSX));
};
