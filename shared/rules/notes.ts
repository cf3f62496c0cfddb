import { TAG_MESSAGES } from './tags';

/** Note rules and limits from spec §2, §4 and §5, with their exact messages. */
export const DEFAULT_NOTE_TITLE = 'Approach';
export const NOTE_TITLE_MAX = 200;
/** Characters of stored HTML; far above any hand-written note, far below the request body limit. */
export const NOTE_HTML_MAX = 200_000;
export const NOTE_LINKED_MAX = 20;
export const NOTES_PAGE_SIZE = 50;

export const NOTE_MESSAGES = {
  titleEmpty: 'Title cannot be empty',
  noteEmpty: 'Note cannot be empty',
  titleTooLong: `Title must be at most ${NOTE_TITLE_MAX} characters`,
  noteTooLong: 'Note is too long',
  cannotOpen: 'Cannot open notes for this question',
  notFound: 'Note not found',
  linkedMissing: 'A linked question does not exist',
  linkedLimit: `At most ${NOTE_LINKED_MAX} linked questions`,
  ...TAG_MESSAGES,
  noQuestions: 'No Questions found',
  noNotes: 'No Notes found',
  addNew: 'Add New Note',
} as const;

/**
 * The one allow-list both sanitisers use (sanitize-html on the server when a note is saved,
 * DOMPurify in the browser when it is shown). It is what the editor can produce, nothing more.
 */
export const NOTE_ALLOWED_TAGS = [
  'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre',
  'blockquote', 'ul', 'ol', 'li', 'a', 'hr',
] as const;
export const NOTE_ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'target', 'rel'],
  ol: ['start'],
  code: ['class'],
};
/** Only code blocks keep a class, and only a language name (Tiptap writes `language-js`). */
export const NOTE_CODE_CLASS = /^language-[a-z0-9+#-]{1,30}$/i;
export const NOTE_URL_SCHEMES = ['http', 'https', 'mailto'] as const;
export const NOTE_LINK_REL = 'noopener noreferrer';
/** Tags whose content is dropped along with them, not kept as text. */
export const NOTE_DROP_CONTENT_TAGS = [
  'script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title', 'xmp',
  'noembed', 'noframes', 'svg', 'math', 'select', 'head', 'applet', 'frameset', 'plaintext',
] as const;

/** True when a URL is safe to keep in a note link: http(s) or mailto, after stripping what browsers ignore. */
export function isSafeNoteUrl(url: string): boolean {
  // Browsers drop control characters and whitespace inside a scheme ("java\tscript:"), so do we before checking.
  const compact = url.replace(/[\p{Cc} ]/gu, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1];
  if (scheme === undefined) return !compact.includes(':') || /^[/?#]/.test(compact);
  return (NOTE_URL_SCHEMES as readonly string[]).includes(scheme);
}

const NAMED_ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The visible text of note HTML, roughly: tags removed and common entities decoded. */
function noteText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, ent: string) => {
      if (ent[0] === '#') {
        const code = ent[1] === 'x' || ent[1] === 'X' ? parseInt(ent.slice(2), 16) : parseInt(ent.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return NAMED_ENTITIES[ent.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Spec §5: a note body with no letter or digit (in any script) is empty. */
export function isNoteBodyEmpty(html: string): boolean {
  return !/[\p{L}\p{N}]/u.test(noteText(html));
}

function isNoteTitleEmpty(title: string): boolean {
  return title.trim().length === 0;
}

/** A short plain-text preview for lists. */
export function noteExcerpt(html: string, max = 160): string {
  const text = noteText(html);
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export interface NoteDraftErrors {
  title?: string;
  note?: string;
}

/** The checks the editor runs before saving; the server runs the same ones (through the zod schema). */
export function validateNoteDraft(draft: { title: string; note: string }): NoteDraftErrors {
  const errors: NoteDraftErrors = {};
  if (isNoteTitleEmpty(draft.title)) errors.title = NOTE_MESSAGES.titleEmpty;
  else if (draft.title.trim().length > NOTE_TITLE_MAX) errors.title = NOTE_MESSAGES.titleTooLong;
  if (isNoteBodyEmpty(draft.note)) errors.note = NOTE_MESSAGES.noteEmpty;
  else if (draft.note.length > NOTE_HTML_MAX) errors.note = NOTE_MESSAGES.noteTooLong;
  return errors;
}

