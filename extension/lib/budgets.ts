/**
 * Each judge's content script (its own reader and features, and the shared core) runs on that judge's
 * pages, so its size is a budget, checked by the browser tests and printed by the benchmark.
 */
export const CONTENT_SCRIPT_MAX_BYTES = 12_000;
