import Link from '@tiptap/extension-link';
import StarterKit from '@tiptap/starter-kit';
import { isSafeNoteUrl, NOTE_LINK_REL } from '../rules/notes';

/**
 * The note editor's schema, the same in the dashboard and the side panel: StarterKit (headings 1–3,
 * lists, code blocks, bold, italic) and links limited to http(s) and mailto, as the sanitiser allows.
 */
export function noteEditorExtensions() {
  return [
    StarterKit.configure({ link: false, heading: { levels: [1, 2, 3] } }),
    Link.configure({
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      protocols: ['mailto'],
      isAllowedUri: (url, ctx) => isSafeNoteUrl(url) && ctx.defaultValidate(url),
      shouldAutoLink: (url) => isSafeNoteUrl(url),
      HTMLAttributes: { rel: NOTE_LINK_REL, target: '_blank' },
    }),
  ];
}
