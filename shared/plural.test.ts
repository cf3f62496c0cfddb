import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(plural(1, 'note')).toBe('1 note');
    expect(plural(0, 'note')).toBe('0 notes');
    expect(plural(2, 'collaborator')).toBe('2 collaborators');
    expect(plural(1234, 'follower')).toBe('1,234 followers');
    expect(plural(1, 'copy', 'copies')).toBe('1 copy');
    expect(plural(3, 'copy', 'copies')).toBe('3 copies');
  });
});
