import { escapeUTF8 } from 'entities';
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

const ALL_ATTRIBUTES = [...new Set(Object.values(NOTE_ALLOWED_ATTRIBUTES).flat())];

const CONFIG: Config = {
  ALLOWED_TAGS: [...NOTE_ALLOWED_TAGS],
  ALLOWED_ATTR: ALL_ATTRIBUTES,
  // Belt and braces: these are outside the allow-list anyway.
  FORBID_TAGS: ['script', 'style', 'iframe', 'object', 'embed', 'form', 'base', 'meta', 'link', 'svg', 'math', 'template', 'noscript'],
  FORBID_CONTENTS: [...NOTE_DROP_CONTENT_TAGS],
  FORBID_ATTR: ['style', 'id', 'name', 'srcset', 'src', 'action', 'formaction', 'xlink:href'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|[/?#])/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  SAFE_FOR_TEMPLATES: false,
  SANITIZE_DOM: true,
  SANITIZE_NAMED_PROPS: true,
  KEEP_CONTENT: true,
  RETURN_TRUSTED_TYPE: false,
};

let purifier: Purifier | null = null;

/** One DOMPurify instance of our own, so these hooks never affect another caller's sanitising. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const p = createDOMPurify(window);
  p.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const allowed = NOTE_ALLOWED_ATTRIBUTES[tag] ?? [];
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
 * Note HTML made safe to put in the page: the same allow-list as the server's sanitizeNoteHtml,
 * applied again in the browser, so a note is harmless even if the stored copy was not.
 * One copy for every page with a DOM: the dashboard and the extension's side panel.
 */
export function sanitizeNoteForDisplay(html: string): string {
  const clean = getPurifier().sanitize(html, CONFIG);
  return isWithinAllowList(clean) ? clean : escapeUTF8(html);
}

/**
 * A second, independent look at DOMPurify's output: every element and attribute must be on the
 * allow-list. If a DOM implementation ever lets something through, the note is shown as plain text.
 */
function isWithinAllowList(clean: string): boolean {
  const template = document.createElement('template');
  template.innerHTML = clean;
  for (const el of template.content.querySelectorAll('*')) {
    const tag = el.nodeName.toLowerCase();
    if (!(NOTE_ALLOWED_TAGS as readonly string[]).includes(tag)) return false;
    const allowed = NOTE_ALLOWED_ATTRIBUTES[tag] ?? [];
    for (const name of el.getAttributeNames()) {
      const value = el.getAttribute(name) ?? '';
      if (!allowed.includes(name)) return false;
      if (name === 'href' && !isSafeNoteUrl(value)) return false;
      if (name === 'class' && !NOTE_CODE_CLASS.test(value)) return false;
      if (name === 'start' && !/^\d{1,6}$/.test(value)) return false;
    }
    if (tag === 'a' && (el.getAttribute('rel') !== NOTE_LINK_REL || el.getAttribute('target') !== '_blank')) return false;
  }
  return true;
}
