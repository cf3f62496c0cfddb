import { describe, expect, it } from 'vitest';
import { findUnsafeNoteHtml, loadXssPayloads } from '../../../tests/fixtures/xss/check';
import { sanitizeNoteForDisplay } from '@shared/dom/note-html';

// The real-browser proof (DOMPurify in Chromium, rendered, nothing executes) is tests/e2e/notes.spec.ts.
// happy-dom's DOM is not a browser's: here we only require that whatever comes out is safe.
describe('sanitizeNoteForDisplay', () => {
  it.each(loadXssPayloads().map((p) => [p.id, p.html] as const))('never returns unsafe HTML: %s', (_id, html) => {
    const clean = sanitizeNoteForDisplay(html);
    expect(findUnsafeNoteHtml(clean), clean).toEqual([]);
  });
});
