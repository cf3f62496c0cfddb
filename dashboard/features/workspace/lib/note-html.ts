import { escapeUTF8 } from 'entities';

/** The popup's plain-text note as note HTML: escaped, one paragraph per line (the server sanitises again). */
export function textToNoteHtml(text: string): string {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => `<p>${escapeUTF8(line)}</p>`)
    .join('');
}
