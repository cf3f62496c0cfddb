import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import {
  Bold,
  Code,
  Heading1,
  Heading2,
  Heading3,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Quote,
  SquareCode,
  Unlink,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { withScheme } from '@shared/platforms/url';
import { isSafeNoteUrl } from '@shared/rules/notes';
import { sanitizeNoteForDisplay } from '@shared/dom/note-html';
import { noteEditorExtensions } from '@shared/dom/note-editor-extensions';

export interface NoteEditorProps {
  initialHtml: string;
  onChange: (html: string) => void;
  /** The editor's own rendering of the initial HTML, to compare later changes with. */
  onReady: (html: string) => void;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  /** Ctrl/Cmd+S inside the editor. */
  onSave?: () => void;
}

/** Turns what a person typed into a link URL we accept, or null (only http(s) and mailto). */
function normalizeLinkInput(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  const url = /^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/.test(value) ? `mailto:${value}` : withScheme(value);
  if (!/^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i.test(url) || !isSafeNoteUrl(url)) return null;
  return url;
}

/**
 * The rich-text note editor: Tiptap's StarterKit (headings, lists, code blocks, bold, italic) and
 * links, with a small toolbar. It is its own chunk, loaded only when a note is edited.
 */
export default function NoteEditor({ initialHtml, onChange, onReady, labelledBy, describedBy, invalid, onSave }: NoteEditorProps) {
  const saveRef = useRef(onSave);
  saveRef.current = onSave;
  const [linkOpen, setLinkOpen] = useState(false);
  const editor = useEditor({
    extensions: noteEditorExtensions(),
    // Stored notes are sanitised on the server; the editor gets the browser-sanitised copy as well.
    content: sanitizeNoteForDisplay(initialHtml),
    editorProps: {
      attributes: {
        class: 'note-content note-editor-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        'aria-invalid': invalid ? 'true' : 'false',
        spellcheck: 'true',
      },
      handleKeyDown: (_view, event) => {
        if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 's') {
          event.preventDefault();
          saveRef.current?.();
          return true;
        }
        if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          setLinkOpen(true);
          return true;
        }
        return false;
      },
    },
    onCreate: ({ editor: e }) => onReady(e.getHTML()),
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

  // Keep aria-invalid and aria-describedby in step with validation after the editor exists.
  useEffect(() => {
    editor.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          ...(editor.options.editorProps.attributes as Record<string, string>),
          'aria-invalid': invalid ? 'true' : 'false',
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        },
      },
    });
  }, [editor, invalid, describedBy]);

  return (
    <div className={invalid ? 'note-editor invalid' : 'note-editor'}>
      <Toolbar editor={editor} linkOpen={linkOpen} setLinkOpen={setLinkOpen} />
      <EditorContent editor={editor} />
    </div>
  );
}

interface ToolButton {
  label: string;
  icon: LucideIcon;
  shortcut?: string;
  active: (e: Editor) => boolean;
  run: (e: Editor) => void;
}

const BUTTONS: ToolButton[] = [
  { label: 'Bold', icon: Bold, shortcut: 'Ctrl+B', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: 'Italic', icon: Italic, shortcut: 'Ctrl+I', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { label: 'Inline code', icon: Code, shortcut: 'Ctrl+E', active: (e) => e.isActive('code'), run: (e) => e.chain().focus().toggleCode().run() },
  { label: 'Heading 1', icon: Heading1, active: (e) => e.isActive('heading', { level: 1 }), run: (e) => e.chain().focus().toggleHeading({ level: 1 }).run() },
  { label: 'Heading 2', icon: Heading2, active: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: 'Heading 3', icon: Heading3, active: (e) => e.isActive('heading', { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { label: 'Bullet list', icon: List, active: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: 'Numbered list', icon: ListOrdered, active: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: 'Code block', icon: SquareCode, active: (e) => e.isActive('codeBlock'), run: (e) => e.chain().focus().toggleCodeBlock().run() },
  { label: 'Quote', icon: Quote, active: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run() },
];

/** A toolbar with one tab stop; arrow keys, Home and End move between its buttons (WAI-ARIA toolbar). */
function Toolbar({ editor, linkOpen, setLinkOpen }: { editor: Editor; linkOpen: boolean; setLinkOpen: (open: boolean | ((o: boolean) => boolean)) => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({ active: BUTTONS.map((b) => b.active(e)), link: e.isActive('link'), href: (e.getAttributes('link').href as string | undefined) ?? '' }),
  });
  const [focusIndex, setFocusIndex] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = BUTTONS.length + 1;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: focusIndex + 1, ArrowLeft: focusIndex - 1, Home: 0, End: count - 1 };
    const target = moves[e.key];
    if (target === undefined || !(e.target instanceof HTMLButtonElement)) return;
    e.preventDefault();
    const next = (target + count) % count;
    setFocusIndex(next);
    refs.current[next]?.focus();
  };

  return (
    <>
      <div className="note-toolbar" role="toolbar" aria-label="Formatting" onKeyDown={onKeyDown}>
        {BUTTONS.map((b, i) => (
          <button
            key={b.label}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            className="icon-btn"
            aria-label={b.label}
            title={b.shortcut ? `${b.label} (${b.shortcut})` : b.label}
            aria-pressed={state.active[i] ?? false}
            tabIndex={focusIndex === i ? 0 : -1}
            onFocus={() => setFocusIndex(i)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => b.run(editor)}
          >
            <b.icon size={16} aria-hidden />
          </button>
        ))}
        <span className="note-toolbar-sep" aria-hidden />
        <button
          ref={(el) => {
            refs.current[BUTTONS.length] = el;
          }}
          type="button"
          className="icon-btn"
          aria-label="Link"
          title="Link (Ctrl+K)"
          aria-pressed={state.link}
          aria-expanded={linkOpen}
          tabIndex={focusIndex === BUTTONS.length ? 0 : -1}
          onFocus={() => setFocusIndex(BUTTONS.length)}
          onClick={() => setLinkOpen((o) => !o)}
        >
          <LinkIcon size={16} aria-hidden />
        </button>
      </div>
      {linkOpen && (
        <LinkForm
          editor={editor}
          initial={state.href}
          hasLink={state.link}
          onClose={() => {
            setLinkOpen(false);
            editor.commands.focus();
          }}
        />
      )}
    </>
  );
}

function LinkForm({ editor, initial, hasLink, onClose }: { editor: Editor; initial: string; hasLink: boolean; onClose: () => void }) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);

  const apply = () => {
    const href = normalizeLinkInput(value);
    if (!href) {
      setError('Enter a link starting with http://, https:// or mailto:');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !hasLink) {
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    onClose();
  };

  return (
    <div className="note-link-form" role="group" aria-label="Link">
      <input
        ref={inputRef}
        className="input"
        type="url"
        aria-label="Link URL"
        placeholder="https://"
        value={value}
        aria-invalid={!!error}
        aria-describedby={error ? 'note-link-error' : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          setError('');
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          }
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onClose();
          }
        }}
      />
      <button type="button" className="btn btn-sm btn-primary" onClick={apply}>
        Apply
      </button>
      {hasLink && (
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onClose();
          }}
        >
          <Unlink size={14} aria-hidden /> Remove link
        </button>
      )}
      <button type="button" className="btn btn-sm btn-ghost" onClick={onClose}>
        Close
      </button>
      {error && (
        <p id="note-link-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
