import { describe, expect, it } from 'vitest';
import { addTag, cleanTag, hasDuplicateTags, normalizeTags } from './tags';

describe('tags (sheets, custom tags and notes)', () => {
  it('keeps word characters, spaces and hyphens, trimmed and collapsed', () => {
    expect(cleanTag('  two   pointers! ')).toBe('two pointers');
    expect(cleanTag('@@')).toBe('');
    expect(cleanTag('x'.repeat(80))).toHaveLength(40);
  });
  it('refuses a duplicate in any case and an eleventh tag, with the spec’s messages', () => {
    expect(addTag(['dp'], 'Dp')).toEqual({ error: 'This tag already exists' });
    expect(addTag(Array.from({ length: 10 }, (_, i) => `t${i}`), 'new')).toEqual({ error: 'Maximum 10 tags allowed' });
    expect(addTag(['dp'], ' graphs ')).toEqual({ tags: ['dp', 'graphs'] });
    expect(addTag(['dp'], '!!')).toEqual({ tags: ['dp'] });
  });
  it('saves tags cleaned, without empty ones or duplicates', () => {
    expect(normalizeTags([' dp! ', 'DP', '', 'two-pointers', '@@'])).toEqual(['dp', 'two-pointers']);
    expect(hasDuplicateTags(['a', 'A'])).toBe(true);
    expect(hasDuplicateTags(['a', 'b'])).toBe(false);
  });
});
