/** Difficulty values of the catalogue (spec §3). */
export const DIFFICULTIES = ['Easy', 'Medium', 'Hard', 'N/A'] as const;

/** Numeric ratings a judge may use, 800 to 4000 in steps of 100. */
export const RATINGS: readonly string[] = Array.from({ length: 33 }, (_, i) => String(800 + i * 100));

/** Choices when editing a custom question (spec §3). */
export const CUSTOM_DIFFICULTY_CHOICES: readonly string[] = ['N/A', 'School', 'Basic', 'Easy', 'Medium', 'Hard', ...RATINGS];

export function isValidDifficulty(value: string): boolean {
  return CUSTOM_DIFFICULTY_CHOICES.includes(value);
}

/** The CSS class for a difficulty's colour. */
export function difficultyTone(value: string): 'easy' | 'medium' | 'hard' | 'other' {
  if (value === 'Easy' || value === 'School' || value === 'Basic') return 'easy';
  if (value === 'Medium') return 'medium';
  if (value === 'Hard') return 'hard';
  const n = Number(value);
  if (Number.isFinite(n) && n > 0) return n < 1400 ? 'easy' : n < 2000 ? 'medium' : 'hard';
  return 'other';
}
