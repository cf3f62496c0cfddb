import { useMemo } from 'react';
import { sanitizeNoteForDisplay } from '@shared/dom/note-html';

/** Renders note HTML after sanitising it in the browser. */
export function SafeHtml({ html, className, id }: { html: string; className?: string; id?: string }) {
  const clean = useMemo(() => sanitizeNoteForDisplay(html), [html]);
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
