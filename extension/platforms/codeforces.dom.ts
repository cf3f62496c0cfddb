import { emptyDetails, meta, text, type DomReader } from './types';

export const readCodeforces: DomReader = (doc) => {
  const details = emptyDetails();
  // The statement header reads "A. Watermelon".
  const title = text(doc.querySelector('.problem-statement .header .title'));
  details.name = title?.replace(/^[A-Z][0-9]?\.\s*/, '') ?? null;
  if (!details.name) {
    const og = meta(doc, 'og:title') ?? doc.title;
    details.name = og?.replace(/^Problem\s*-\s*[0-9]*[A-Z][0-9]?\s*-\s*/i, '').replace(/\s*-\s*Codeforces\s*$/i, '').trim() || null;
  }
  // Tags live in the sidebar: each .tag-box has a title attribute; the rating one reads "*800".
  for (const box of Array.from(doc.querySelectorAll('.tag-box'))) {
    const value = text(box);
    if (!value) continue;
    if (box.getAttribute('title') === 'Difficulty' || /^\*\d{3,4}$/.test(value)) details.difficulty = value.replace('*', '');
    else details.topics.push(value);
  }
  return details;
};
