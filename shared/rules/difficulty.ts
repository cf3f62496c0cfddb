/** Difficulty values of the catalogue (spec §3). */
export const DIFFICULTIES = ['Easy', 'Medium', 'Hard', 'N/A'] as const;

/** Numeric ratings a judge may use, 800 to 4000 in steps of 100. */
const RATINGS: readonly string[] = Array.from({ length: 33 }, (_, i) => String(800 + i * 100));

/** Choices when editing a custom question (spec §3). */
export const CUSTOM_DIFFICULTY_CHOICES: readonly string[] = ['N/A', 'School', 'Basic', 'Easy', 'Medium', 'Hard', ...RATINGS];

/** Ratings a judge gives as any whole number (CodeChef's 1134, AtCoder's 2011) are kept as they are, up to this. */
const MAX_RATING = 10_000;

/** A judge's own numeric rating: a whole number from 1 to MAX_RATING, written without leading zeros. */
export function isRating(value: string): boolean {
  return /^[1-9]\d{0,4}$/.test(value) && Number(value) <= MAX_RATING;
}

/** What a question's difficulty may be: a named one, or a judge's rating (analysis buckets ratings by 100). */
export function isValidDifficulty(value: string): boolean {
  return CUSTOM_DIFFICULTY_CHOICES.includes(value) || isRating(value);
}

/** What a person may pick when editing a custom question (spec §3): the choices alone. */
export function isEditableDifficulty(value: string): boolean {
  return CUSTOM_DIFFICULTY_CHOICES.includes(value);
}

/** The editing choices, with a question's current value first when it is a rating outside them (so it shows). */
export function difficultyChoicesFor(current: string): readonly string[] {
  return CUSTOM_DIFFICULTY_CHOICES.includes(current) || !isValidDifficulty(current) ? CUSTOM_DIFFICULTY_CHOICES : [current, ...CUSTOM_DIFFICULTY_CHOICES];
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
