/**
 * The content script runs on every judge's problem page, so its size is a budget, checked by the browser
 * tests and printed by the benchmark. 21 kB since the page asks "How was it?" after an Accepted verdict
 * (about 0.7 kB); before that, 20 kB. The next real saving is one content script per judge, each with only
 * its own page reader.
 */
export const CONTENT_SCRIPT_MAX_BYTES = 21_000;
