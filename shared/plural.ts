import { formatNumber } from './format-number';

/** A count with its noun, singular for one: "1 note", "3 notes", "1,234 followers". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : pluralForm}`;
}
