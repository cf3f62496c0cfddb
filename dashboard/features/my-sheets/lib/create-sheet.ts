import { normalizeSlugInput, SHEET_MESSAGES, SLUG_MAX_ATTEMPTS } from '@shared/rules/sheet';
import { ApiError } from '../../../lib/api';

export const CREATE_MESSAGES = {
  success: 'Sheet created successfully',
  network: 'Error creating sheet',
  refused: 'Failed to create sheet',
  noUniqueSlug: 'Could not create a unique sheet name. Please try again.',
} as const;

const SLUG_BASE_MAX = 60;

/** The slug a name suggests: the slug input rules, with runs of hyphens collapsed; 'sheet' if nothing is left. */
export function slugFromName(name: string): string {
  const slug = normalizeSlugInput(name.trim())
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, SLUG_BASE_MAX)
    .replace(/-$/, '');
  return slug || 'sheet';
}

const randomSuffix = () => Math.random().toString(36).slice(2, 8).padEnd(6, '0');

export interface CreateSheetDeps {
  isSlugFree: (slug: string) => Promise<boolean>;
  create(body: { name: string; description: string; slug: string; visibility: 'private' }): Promise<{ sheet: { slug: string } }>;
  suffix?: () => string;
}

export type CreateOutcome =
  | { ok: true; slug: string }
  /** The name rule: shown inline, next to the field. */
  | { ok: false; field: 'name'; message: string }
  | { ok: false; field: null; message: string };

const failure = (err: unknown): CreateOutcome => {
  if (err instanceof ApiError && err.code === 0) return { ok: false, field: null, message: CREATE_MESSAGES.network };
  return { ok: false, field: null, message: CREATE_MESSAGES.refused };
};

/**
 * Creates a private sheet: the slug comes from the name and is checked with validate-slug; a taken
 * slug is retried with a new random suffix, up to SLUG_MAX_ATTEMPTS checks in all (spec §5).
 */
export async function createSheetWithUniqueSlug(deps: CreateSheetDeps, input: { name: string; description: string }): Promise<CreateOutcome> {
  const name = input.name.trim();
  if (!name) return { ok: false, field: 'name', message: SHEET_MESSAGES.nameEmpty };
  const base = slugFromName(name);
  const suffix = deps.suffix ?? randomSuffix;
  for (let attempt = 0; attempt < SLUG_MAX_ATTEMPTS; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${suffix()}`;
    try {
      if (!(await deps.isSlugFree(slug))) continue;
      const { sheet } = await deps.create({ name, description: input.description.trim(), slug, visibility: 'private' });
      return { ok: true, slug: sheet.slug };
    } catch (err) {
      if (err instanceof ApiError && (err.message === SHEET_MESSAGES.nameTaken || err.message === SHEET_MESSAGES.nameEmpty)) {
        return { ok: false, field: 'name', message: err.message };
      }
      // Someone took the slug between the check and the insert: try another.
      if (err instanceof ApiError && err.code === 409) continue;
      return failure(err);
    }
  }
  return { ok: false, field: null, message: CREATE_MESSAGES.noUniqueSlug };
}
