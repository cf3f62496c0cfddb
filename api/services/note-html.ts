/** A note's body as it may be stored: the sanitiser every note body goes through before it is written. */
import sanitizeHtml from 'sanitize-html';
import {
  isNoteBodyEmpty,
  NOTE_ALLOWED_ATTRIBUTES,
  NOTE_ALLOWED_TAGS,
  NOTE_CODE_CLASS,
  NOTE_DROP_CONTENT_TAGS,
  NOTE_LINK_REL,
  NOTE_MESSAGES,
  NOTE_URL_SCHEMES,
} from '../../shared/rules/notes';
import { badRequest } from '../lib/errors';

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...NOTE_ALLOWED_TAGS],
  // `class` is granted through allowedClasses (code blocks' language only), never wholesale.
  allowedAttributes: Object.fromEntries(Object.entries(NOTE_ALLOWED_ATTRIBUTES).map(([tag, attrs]) => [tag, attrs.filter((a) => a !== 'class')])),
  allowedClasses: { code: [NOTE_CODE_CLASS] },
  allowedSchemes: [...NOTE_URL_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'xlink:href'],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...NOTE_DROP_CONTENT_TAGS],
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: NOTE_LINK_REL, target: '_blank' } }),
  },
};

/**
 * Note HTML as it may be stored: the allow-list of shared/rules/notes.ts (what the editor produces),
 * no scripts, styles, frames, objects, embeds, forms or event attributes, and only http(s)/mailto
 * links, each with rel="noopener noreferrer" target="_blank". Run until stable, so the output of a
 * parser quirk cannot be a new input that sanitises differently (mutation XSS).
 */
export function sanitizeNoteHtml(html: string): string {
  let current = html;
  for (let i = 0; i < 3; i++) {
    const next = sanitizeHtml(current, SANITIZE_OPTIONS);
    if (next === current) return next;
    current = next;
  }
  return current;
}

/** Sanitises and re-checks a body: what remains after sanitising must still say something. */
export function cleanBody(html: string): string {
  const clean = sanitizeNoteHtml(html);
  if (isNoteBodyEmpty(clean)) throw badRequest(NOTE_MESSAGES.noteEmpty);
  return clean;
}
