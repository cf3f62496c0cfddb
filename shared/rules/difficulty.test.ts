import { describe, expect, it } from 'vitest';
import { CUSTOM_DIFFICULTY_CHOICES, difficultyChoicesFor, isEditableDifficulty, isRating, isValidDifficulty } from './difficulty';

describe('difficulty', () => {
  it("keeps a judge's rating whatever its step: CodeChef's 1134, AtCoder's 2011", () => {
    for (const v of ['1134', '2011', '1', '800', '10000']) expect(isValidDifficulty(v), v).toBe(true);
    for (const v of ['0', '0800', '10001', '12.5', '-800', '1e3', ' 800', 'Impossible', '']) expect(isValidDifficulty(v), v).toBe(false);
    expect(isRating('Easy')).toBe(false);
  });

  it("offers a person editing the spec's choices alone, with a question's own rating shown first", () => {
    expect(isEditableDifficulty('2100')).toBe(true);
    expect(isEditableDifficulty('2150')).toBe(false);
    expect(difficultyChoicesFor('1134')).toEqual(['1134', ...CUSTOM_DIFFICULTY_CHOICES]);
    expect(difficultyChoicesFor('Medium')).toBe(CUSTOM_DIFFICULTY_CHOICES);
    expect(difficultyChoicesFor('nonsense')).toBe(CUSTOM_DIFFICULTY_CHOICES);
  });
});
