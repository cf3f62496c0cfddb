/**
 * A few lines of DOM building for the popup, which opens on every click and is drawn without a UI
 * framework (loading React would be most of its opening time). Pages that stay open use React.
 */

export type Child = Node | string | number | null | undefined | false;

type Handler = (event: Event) => void;
/**
 * Properties: `on*` functions become listeners; `class`, `aria-*`, `data-*`, `role` and other
 * attributes are set as attributes; anything else is set as a DOM property (value, disabled, type…).
 * false, null and undefined leave it out.
 */
export type Props = Record<string, string | number | boolean | null | undefined | Handler>;

const ATTRIBUTE = /^(class|role|style|for|aria-.*|data-.*)$/;

/** Sets one property or attribute (see Props). */
export function setProp(el: Element, key: string, value: Props[string]) {
  if (typeof value === 'function') {
    el.addEventListener(key.slice(2).toLowerCase(), value);
  } else if (ATTRIBUTE.test(key) || !(key in el)) {
    if (value === false || value === null || value === undefined) el.removeAttribute(key);
    else el.setAttribute(key, value === true ? (key.startsWith('aria-') ? 'true' : '') : String(value));
  } else {
    (el as unknown as Record<string, unknown>)[key] = value;
  }
}

/** An element with its properties and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) setProp(el, key, value);
  el.append(...nodes(children));
  return el;
}

function nodes(children: Child[]): (Node | string)[] {
  const out: (Node | string)[] = [];
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    out.push(typeof c === 'number' ? String(c) : c);
  }
  return out;
}

/**
 * Makes `parent`'s children exactly `children`, moving and removing as little as it can: an element
 * that stays keeps its place, its state and the focus.
 */
export function syncChildren(parent: Element, children: Child[]) {
  const wanted = nodes(children).map((c) => (typeof c === 'string' ? document.createTextNode(c) : c));
  const keep = new Set(wanted);
  for (const node of [...parent.childNodes]) if (!keep.has(node)) node.remove();
  wanted.forEach((node, i) => {
    const current = parent.childNodes[i];
    if (current !== node) parent.insertBefore(node, current ?? null);
  });
}
