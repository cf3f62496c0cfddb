import { describe, expect, it } from 'vitest';
import { api } from './api';
import { PRICING_PATH, sheetDataPath, sheetSlugOf } from './first-paint';

describe('sheetSlugOf', () => {
  it("reads a sheet's address by the app's sheet routes, and nothing else", () => {
    const cases: [string, string | null][] = [
      ['/question-tracker/sheet/blind-75', 'blind-75'],
      ['/question-tracker/sheet/premium/google', 'google'],
      ['/question-tracker/sheet/caf%C3%A9', 'caf%C3%A9'],
      ['/question-tracker/sheet/premium', 'premium'],
      [PRICING_PATH, null],
      ['/question-tracker', null],
      ['/question-tracker/sheet/', null],
      ['/question-tracker/sheet/a/b', null],
      ['/question-tracker/sheet/premium/a/b', null],
      ['/profile/someone', null],
    ];
    for (const [path, slug] of cases) {
      expect(sheetSlugOf(path), path).toBe(slug);
    }
  });
});

describe('sheetDataPath', () => {
  it("is the typed client's address of the sheet read", () => {
    for (const slug of ['blind-75', 'café', 'a b']) {
      const url = api['question-tracker'].v2.sheet['get-sheet-data-by-slug'][':slug'].$url({ param: { slug } });
      expect(sheetDataPath(slug), slug).toBe(url.pathname);
    }
  });
});
