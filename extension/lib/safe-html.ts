import createDOMPurify, { type Config } from 'dompurify';
import {
  isSafeNoteUrl,
  NOTE_ALLOWED_ATTRIBUTES,
  NOTE_ALLOWED_TAGS,
  NOTE_CODE_CLASS,
  NOTE_DROP_CONTENT_TAGS,
  NOTE_LINK_REL,
} from '@shared/rules/notes';

type Purifier = ReturnType<typeof createDOMPurify>;

const CONFIG: Config = {
  ALLOWED_TAGS: [...NOTE_ALLOWED_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(NOTE_ALLOWED_ATTRIBUTES).flat())],
  // Outside the allow-list anyway; named so that no later change to it lets them in.
  FORBID_TAGS: ['script', 'style', 'iframe', 'object', 'embed', 'form', 'base', 'meta', 'link', 'svg', 'math', 'template', 'noscript'],
  FORBID_CONTENTS: [...NOTE_DROP_CONTENT_TAGS],
  FORBID_ATTR: ['style', 'id', 'name', 'srcset', 'src', 'action', 'formaction', 'xlink:href'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|[/?#])/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  SANITIZE_DOM: true,
  SANITIZE_NAMED_PROPS: true,
  KEEP_CONTENT: true,
  RETURN_TRUSTED_TYPE: false,
};

let purifier: Purifier | null = null;

/** Our own DOMPurify instance, so these hooks never affect anyone else's sanitising. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const p = createDOMPurify(window);
  p.addHook('uponSanitizeAttribute', (node, data) => {
    const allowed = NOTE_ALLOWED_ATTRIBUTES[node.nodeName.toLowerCase()] ?? [];
    if (!allowed.includes(data.attrName)) data.keepAttr = false;
    else if (data.attrName === 'class' && !NOTE_CODE_CLASS.test(data.attrValue)) data.keepAttr = false;
    else if (data.attrName === 'start' && !/^\d{1,6}$/.test(data.attrValue)) data.keepAttr = false;
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    if (href !== null && !isSafeNoteUrl(href)) node.removeAttribute('href');
    node.setAttribute('rel', NOTE_LINK_REL);
    node.setAttribute('target', '_blank');
  });
  purifier = p;
  return p;
}

/**
 * Note HTML made safe to show: the allow-list of shared/rules/notes (the one the server's sanitiser
 * and the dashboard use), applied again here so a note is harmless even if the stored copy was not.
 */
export function sanitizeNoteForDisplay(html: string): string {
  return getPurifier().sanitize(html, CONFIG);
}
