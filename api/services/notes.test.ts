import { describe, expect, it } from 'vitest';
import {
  isNoteBodyEmpty,
  NOTE_MESSAGES,
  noteExcerpt,
  validateNoteDraft,
} from '../../shared/rules/notes';
import { createNoteBodySchema, updateNoteBodySchema } from '../../shared/schemas/note';

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
