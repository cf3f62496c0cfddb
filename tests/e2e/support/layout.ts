import type { Page } from '@playwright/test';

/**
 * What sticks out of the viewport on the right: the page's own scroll width, and every visible element
 * whose box, clipped by its ancestors that clip (overflow other than visible), ends past the right edge.
 */
export async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = window.innerWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > w) out.push(`document scrollWidth ${document.documentElement.scrollWidth} > ${w}`);
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')} "${el.textContent.trim().slice(0, 40)}"`;
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let right = r.right;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== 'visible') right = Math.min(right, a.getBoundingClientRect().right);
        // Visually hidden text is clipped with the (deprecated) clip property, which CSSStyleDeclaration still reads.
        if (s.getPropertyValue('clip') !== 'auto' && s.position === 'absolute') right = -1;
      }
      if (right > w + 1) out.push(`${describe(el)} right ${Math.round(right)} > ${w}`);
    }
    return out.slice(0, 10);
  });
}
