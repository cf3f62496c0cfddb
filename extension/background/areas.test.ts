import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_MESSAGE_TYPES, PAGE_MESSAGE_TYPES } from '@shared/schemas/messages';
import { backgroundAreas, messageHandlers } from './index';

const DIR = import.meta.dirname;
/** Every message type once (a rating is both a content and a page message). */
const PROTOCOL: string[] = [...new Set([...CONTENT_MESSAGE_TYPES, ...PAGE_MESSAGE_TYPES])];
/** Files that declare an area (`= defineArea(`), by file name. */
const areaFiles = readdirSync(DIR)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .filter((f) => /= defineArea\(/.test(readFileSync(resolve(DIR, f), 'utf8')))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

describe('the background area list', () => {
  it('has a handler for every message type of the protocol, exactly one', () => {
    const handled = backgroundAreas.flatMap((a) => Object.keys(a.handlers));
    for (const type of PROTOCOL) expect(handled.filter((t) => t === type), type).toHaveLength(1);
  });

  it('registers no type the protocol does not have', () => {
    for (const area of backgroundAreas) {
      for (const type of Object.keys(area.handlers)) expect(PROTOCOL, `${area.id}: ${type}`).toContain(type);
    }
    expect(Object.keys(messageHandlers).sort()).toEqual([...PROTOCOL].sort());
  });

  it("answers each message with its own area's handler", () => {
    for (const area of backgroundAreas) {
      for (const [type, handler] of Object.entries(area.handlers)) expect(messageHandlers[type as keyof typeof messageHandlers], type).toBe(handler);
    }
  });

  it('registers every area file exactly once, under its file name, one area per file', () => {
    expect(backgroundAreas.map((a) => a.id).sort()).toEqual(areaFiles);
    for (const id of areaFiles) expect(readFileSync(resolve(DIR, `${id}.ts`), 'utf8').match(/= defineArea\(/g), id).toHaveLength(1);
  });

  it('reads the protocol from the schemas: content and page messages are apart, but for a rating', () => {
    expect(CONTENT_MESSAGE_TYPES).toEqual(['page:identify', 'problem:detected', 'problem:none', 'verdict:accepted', 'verdict:rejected', 'verdict:layout', 'leetcode:csrf', 'review:rate']);
    // Only "How was it?" comes from both; its handler tells a content script's (own tab only) apart.
    expect(PAGE_MESSAGE_TYPES.filter((t) => (CONTENT_MESSAGE_TYPES as readonly string[]).includes(t))).toEqual(['review:rate']);
  });

  it('registers the review area and its messages', () => {
    const review = backgroundAreas.find((a) => a.id === 'review');
    expect(Object.keys(review?.handlers ?? {}).sort()).toEqual(['review:rate', 'review:status']);
  });
});
