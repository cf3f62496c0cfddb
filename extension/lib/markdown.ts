/**
 * The few Markdown forms docs/privacy.md uses (headings, paragraphs, lists, **bold**, `code`, links) as
 * DOM nodes. Text only, never HTML: the source is the extension's own file, and stays inert anyway.
 * A link to another doc points at the docs on disk, so it is shown as its text.
 */
export function renderMarkdown(doc: Document, source: string): Node[] {
  const out: Node[] = [];
  let list: HTMLUListElement | null = null;
  let para: string[] = [];
  const flush = () => {
    if (para.length) out.push(block(doc, 'p', para.join(' ')));
    para = [];
  };
  for (const raw of source.split('\n')) {
    const line = raw.trimEnd();
    const heading = /^(#{1,3}) (.+)$/.exec(line);
    const item = /^- (.+)$/.exec(line);
    if (heading || item || !line) flush();
    if (!item && !/^ {2}\S/.test(line)) list = null;
    if (heading) out.push(block(doc, `h${(heading[1] ?? '').length + 1}`, heading[2] ?? ''));
    else if (item) {
      if (!list) out.push((list = doc.createElement('ul')));
      list.append(block(doc, 'li', item[1] ?? ''));
    } else if (/^ {2}\S/.test(line) && list?.lastElementChild) list.lastElementChild.append(' ', ...inline(doc, line.trim()));
    else if (line) para.push(line);
  }
  flush();
  return out;
}

function block(doc: Document, tag: string, text: string): HTMLElement {
  const el = doc.createElement(tag);
  el.append(...inline(doc, text));
  return el;
}

/** **bold**, `code` and [text](link) (shown as its text); the rest as text nodes. */
function inline(doc: Document, text: string): Node[] {
  const nodes: Node[] = [];
  const re = /\*\*(.+?)\*\*|`(.+?)`|\[(.+?)\]\([^)]*\)/g;
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) nodes.push(doc.createTextNode(text.slice(at, m.index)));
    if (m[1] !== undefined) nodes.push(block(doc, 'strong', m[1]));
    else if (m[2] !== undefined) {
      const code = doc.createElement('code');
      code.textContent = m[2];
      nodes.push(code);
    } else nodes.push(doc.createTextNode(m[3] ?? ''));
    at = m.index + m[0].length;
  }
  if (at < text.length) nodes.push(doc.createTextNode(text.slice(at)));
  return nodes;
}
