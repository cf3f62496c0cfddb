import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ParseContext, SyncAnswer } from './types';

// Test support for the history readers: saved answers from tests/fixtures/sync, and a parse context.

const FIXTURES = resolve(import.meta.dirname, '../../tests/fixtures/sync');

/** A saved answer body, by its path under tests/fixtures/sync. */
export const fixture = (path: string): string => readFileSync(resolve(FIXTURES, path), 'utf8');

/** A saved answer with its HTTP status. */
export const answer = (path: string, status = 200): SyncAnswer => ({ status, body: fixture(path) });

/** The fixed sync time of the tests. */
export const NOW = new Date('2024-01-06T12:00:00.000Z');

/** The context a reader gets in the browser: the clock and an HTML parser (happy-dom's here). */
export const context = (now: Date = NOW): ParseContext => ({ now, parseHtml: (html) => new DOMParser().parseFromString(html, 'text/html') });
