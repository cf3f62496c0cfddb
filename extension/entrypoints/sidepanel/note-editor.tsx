import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { DEFAULT_NOTE_TITLE, isSafeNoteUrl, validateNoteDraft } from '@shared/rules/notes';
import { addTag } from '@shared/rules/tags';
import { withScheme } from '@shared/platforms/url';
import type { Note } from '@shared/schemas/note';
import { send } from '../../lib/messaging';
import { sanitizeNoteForDisplay } from '@shared/dom/note-html';
import { noteEditorExtensions } from '@shared/dom/note-editor-extensions';

/** Autosave waits this long after the last keystroke. */
export const AUTOSAVE_MS = 800;

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'queued' } | { kind: 'invalid' | 'error'; message: string };

interface Draft {
  title: string;
  note: string;
  tags: string[];
}

/**
 * Edits one note with autosave: the first save creates it, later ones update it (an update made
 * while the API is unreachable waits in the offline queue). The state reads 'Saving…' then 'Saved'.
 */
export function NoteEditor({ note, questionId, onClose }: { note: Note | null; questionId: string | null; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>({
    title: note?.title ?? DEFAULT_NOTE_TITLE,
    note: note?.note ?? '',
    tags: note?.tags.map((t) => t.name) ?? [],
  });
  const [status, setStatus] = useState<SaveState>({ kind: note ? 'saved' : 'idle' });
  const [tagInput, setTagInput] = useState('');
  const [tagError, setTagError] = useState<string | null>(null);
  const noteId = useRef<string | null>(note?._id ?? null);
  const latest = useRef(draft);
  const saved = useRef<string>(note ? JSON.stringify(draft) : '');
  const saving = useRef<Promise<void> | null>(null);
  const timer = useRef<number>(0);

  const save = useCallback(async (): Promise<void> => {
    // One save at a time; edits made meanwhile are saved right after.
    while (saving.current) await saving.current;
    const current = latest.current;
    const key = JSON.stringify(current);
    if (key === saved.current) return;
    const errors = validateNoteDraft(current);
    if (errors.title || errors.note) {
      setStatus({ kind: 'invalid', message: (errors.title ?? errors.note) as string });
      return;
    }
    setStatus({ kind: 'saving' });
    const run = (async () => {
      try {
        if (noteId.current === null) {
          const created = await send({ type: 'note:create', questionId, ...current });
          noteId.current = created._id;
          saved.current = key;
          setStatus({ kind: 'saved' });
        } else {
          const r = await send({ type: 'note:update', noteId: noteId.current, ...current });
          saved.current = key;
          setStatus({ kind: r.status === 'queued' ? 'queued' : 'saved' });
        }
      } catch (err) {
        setStatus({ kind: 'error', message: (err as Error).message });
      }
    })();
    saving.current = run;
    await run;
    saving.current = null;
  }, [questionId]);

  const change = useCallback(
    (patch: Partial<Draft>) => {
      setDraft((d) => {
        const next = { ...d, ...patch };
        latest.current = next;
        return next;
      });
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void save(), AUTOSAVE_MS);
    },
    [save],
  );

  // Leaving the editor saves what is pending.
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      void save();
    },
    [save],
  );

  function addTyped() {
    const result = addTag(draft.tags, tagInput);
    if ('error' in result) {
      setTagError(result.error);
      return;
    }
    setTagError(null);
    setTagInput('');
    if (result.tags !== draft.tags) change({ tags: [...result.tags] });
  }

  const onTagKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      addTyped();
    }
  };

  return (
    <section className="card" aria-label="Edit note">
      <label>
        Title
        <input value={draft.title} maxLength={200} onChange={(e) => change({ title: e.target.value })} />
      </label>
      <RichEditor initialHtml={draft.note} onChange={(html) => change({ note: html })} />
      <div className="chips" aria-label="Tags">
        {draft.tags.map((t) => (
          <span key={t} className="chip">
            {t}
            <button type="button" aria-label={`Remove tag ${t}`} onClick={() => change({ tags: draft.tags.filter((x) => x !== t) })}>
              ×
            </button>
          </span>
        ))}
      </div>
      <label>
        Add a tag
        <input value={tagInput} onChange={(e) => setTagInput(e.target.value)} onKeyDown={onTagKey} onBlur={() => tagInput && addTyped()} placeholder="Press Enter to add" />
      </label>
      {tagError && (
        <div className="error" role="alert">
          {tagError}
        </div>
      )}
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <span className="saved-state" role="status" data-testid="save-state">
          {status.kind === 'saving'
            ? 'Saving…'
            : status.kind === 'saved'
              ? 'Saved'
              : status.kind === 'queued'
                ? 'Saved offline: it syncs when the tracker is reachable'
                : status.kind === 'idle'
                  ? 'Not saved yet'
                  : status.message}
        </span>
        <button
          type="button"
          onClick={() => {
            window.clearTimeout(timer.current);
            void save().then(onClose);
          }}
        >
          Done
        </button>
      </div>
    </section>
  );
}

const TOOLS: { label: string; active(e: Editor): boolean; run(e: Editor): void }[] = [
  { label: 'B', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: 'I', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { label: '</>', active: (e) => e.isActive('code'), run: (e) => e.chain().focus().toggleCode().run() },
  { label: 'H2', active: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: '• List', active: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: '1. List', active: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: 'Code block', active: (e) => e.isActive('codeBlock'), run: (e) => e.chain().focus().toggleCodeBlock().run() },
];
const TOOL_NAMES = ['Bold', 'Italic', 'Inline code', 'Heading', 'Bullet list', 'Numbered list', 'Code block'];

/** Tiptap with StarterKit and links (http(s) and mailto only), the dashboard's editor in small. */
function RichEditor({ initialHtml, onChange }: { initialHtml: string; onChange: (html: string) => void }) {
  // The editor is made once; its update handler calls the latest onChange through this ref.
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const editor = useEditor({
    extensions: noteEditorExtensions(),
    content: sanitizeNoteForDisplay(initialHtml),
    editorProps: { attributes: { class: 'note-content', role: 'textbox', 'aria-multiline': 'true', 'aria-label': 'Note' } },
    onUpdate: ({ editor: e }) => onChangeRef.current(e.isEmpty ? '' : e.getHTML()),
  });
  const active = useEditorState({ editor, selector: ({ editor: e }) => TOOLS.map((t) => t.active(e)) });

  function link() {
    const current = (editor.getAttributes('link').href as string | undefined) ?? '';
    const input = window.prompt('Link address (empty to remove)', current);
    if (input === null) return;
    const url = input.trim() ? withScheme(input.trim()) : '';
    if (!url) editor.chain().focus().unsetLink().run();
    else if (isSafeNoteUrl(url)) editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
  }

  return (
    <div className="note-editor">
      <div className="toolbar" role="toolbar" aria-label="Formatting">
        {TOOLS.map((t, i) => (
          <button
            key={t.label}
            type="button"
            aria-label={TOOL_NAMES[i]}
            aria-pressed={active[i] ?? false}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => t.run(editor)}
          >
            {t.label}
          </button>
        ))}
        <button type="button" aria-label="Link" onMouseDown={(e) => e.preventDefault()} onClick={link}>
          Link
        </button>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
