import { describe, expect, it } from 'vitest';
import {
  addNoteTag,
  isNoteBodyEmpty,
  NOTE_MESSAGES,
  normalizeNoteTags,
  noteExcerpt,
  validateNoteDraft,
} from '../../shared/rules/notes';
import { createNoteBodySchema, updateNoteBodySchema } from '../../shared/schemas/note';
import { findUnsafeNoteHtml, loadBenignCases, loadXssPayloads } from '../../tests/fixtures/xss/check';
import { sanitizeNoteHtml } from './notes';

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

describe('note rules (shared by the editor and the API)', () => {
  it('a body with no letters or digits is empty', () => {
    for (const html of ['', '<p></p>', '<p> &nbsp; </p>', '<p>!!! ---</p><ul><li>?</li></ul>', '<img src=x>', '<script>abc</script>']) expect(isNoteBodyEmpty(html), html).toBe(true);
    for (const html of ['<p>a</p>', '<p>7</p>', '<h2>Ω</h2>', '<p>&#65;</p>', '<p>数</p>']) expect(isNoteBodyEmpty(html), html).toBe(false);
  });

  it('validates a draft with the spec messages', () => {
    expect(validateNoteDraft({ title: ' ', note: '<p>x</p>' })).toEqual({ title: NOTE_MESSAGES.titleEmpty });
    expect(validateNoteDraft({ title: 'Approach', note: '<p>  </p>' })).toEqual({ note: NOTE_MESSAGES.noteEmpty });
    expect(validateNoteDraft({ title: 'Approach', note: '<p>ok</p>' })).toEqual({});
    expect(NOTE_MESSAGES.titleEmpty).toBe('Title cannot be empty');
    expect(NOTE_MESSAGES.noteEmpty).toBe('Note cannot be empty');
  });

  it('cleans tags like sheet tags: trimmed, word characters only, no duplicates, at most 10', () => {
    expect(normalizeNoteTags([' dp! ', 'DP', '', 'two-pointers', '@@'])).toEqual(['dp', 'two-pointers']);
    expect(addNoteTag(['dp'], 'Dp')).toEqual({ error: 'This tag already exists' });
    expect(addNoteTag(Array.from({ length: 10 }, (_, i) => `t${i}`), 'new')).toEqual({ error: 'Maximum 10 tags allowed' });
    expect(addNoteTag(['dp'], ' graphs ')).toEqual({ tags: ['dp', 'graphs'] });
  });

  it('makes a short plain-text excerpt', () => {
    expect(noteExcerpt('<h2>Idea</h2><p>Use a <strong>hash map</strong> &amp; one pass.</p>')).toBe('Idea Use a hash map & one pass.');
    expect(noteExcerpt(`<p>${'a'.repeat(300)}</p>`).length).toBe(160);
  });

  it('the wire schemas apply the same rules and defaults', () => {
    const created = createNoteBodySchema.parse({ note: '<p>x</p>', tags: ['a', { name: 'b' }, 'A'], questionsLinked: [] });
    expect(created).toMatchObject({ title: 'Approach', tags: ['a', 'b'], questionId: null });
    expect(createNoteBodySchema.safeParse({ title: '', note: '<p>x</p>' }).error?.issues[0]?.message).toBe('Title cannot be empty');
    expect(createNoteBodySchema.safeParse({ note: '<p>.</p>' }).error?.issues[0]?.message).toBe('Note cannot be empty');
    expect(updateNoteBodySchema.safeParse({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }).error?.issues[0]?.message).toBe('Maximum 10 tags allowed');
  });
});
