import { describe, expect, it } from 'vitest';
import { findUnsafeNoteHtml, loadBenignCases, loadXssPayloads } from '../../tests/fixtures/xss/check';
import { sanitizeNoteHtml } from './note-html';

const assertSafeNoteHtml = (html: string, label: string) => expect(findUnsafeNoteHtml(html), `${label}: ${html}`).toEqual([]);

const payloads = loadXssPayloads();
const benign = loadBenignCases();

describe('sanitizeNoteHtml', () => {
  it('has a corpus of at least 40 payloads covering every family', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(40);
    const families = new Set(payloads.map((p) => p.category));
    for (const f of ['script', 'event', 'url', 'mxss', 'svg', 'mathml', 'form', 'iframe', 'meta', 'base', 'css', 'template']) expect(families).toContain(f);
  });

  it.each(payloads.map((p) => [p.id, p] as const))('neutralises %s', (_id, payload) => {
    const clean = sanitizeNoteHtml(payload.html);
    assertSafeNoteHtml(clean, payload.id);
    // Stable: sanitising the output again changes nothing, so a re-parse cannot mutate it into something new.
    expect(sanitizeNoteHtml(clean)).toBe(clean);
    // Wrapped in allowed formatting it is just as harmless.
    assertSafeNoteHtml(sanitizeNoteHtml(`<h2>t</h2><ul><li>${payload.html}</li></ul><pre><code>${payload.html}</code></pre>`), `${payload.id} (nested)`);
  });

  it.each(benign.map((c) => [c.id, c] as const))('keeps harmless formatting: %s', (_id, c) => {
    const clean = sanitizeNoteHtml(c.html);
    for (const part of c.keeps) expect(clean).toContain(part);
    assertSafeNoteHtml(clean, c.id);
  });

  it('forces rel and target on every link, whatever was asked', () => {
    const clean = sanitizeNoteHtml('<a href="https://x.dev/" rel="opener" target="_self">x</a>');
    expect(clean).toMatch(/^<a href="https:\/\/x\.dev\/" (rel="noopener noreferrer" target="_blank"|target="_blank" rel="noopener noreferrer")>x<\/a>$/);
    expect(sanitizeNoteHtml('<p><a href="https://x.dev/">x</a></p>')).toContain('rel="noopener noreferrer" target="_blank"');
  });

  it('drops the content of script-like tags but keeps the text of unknown harmless ones', () => {
    expect(sanitizeNoteHtml('<p>a<script>b()</script>c</p>')).toBe('<p>ac</p>');
    expect(sanitizeNoteHtml('<div><span>kept</span></div>')).toBe('kept');
    expect(sanitizeNoteHtml('<p style="color:red" class="x" id="y" data-a="1">p</p>')).toBe('<p>p</p>');
  });
});
