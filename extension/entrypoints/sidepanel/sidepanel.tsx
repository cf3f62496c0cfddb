import { useCallback, useEffect, useMemo, useState } from 'react';
import { browser } from 'wxt/browser';
import type { AuthStatus, BroadcastMessage, ProblemState } from '@shared/schemas/messages';
import type { Note, NoteSummary } from '@shared/schemas/note';
import { send } from '../../lib/messaging';
import { sanitizeNoteForDisplay } from '@shared/dom/note-html';
import { NoteEditor } from './note-editor';
import { SolutionsList } from './solutions';

/** The tab whose problem the panel shows: ?tabId= when opened as a page, else the active tab. */
function initialTabId(): number | null {
  const param = new URLSearchParams(location.search).get('tabId');
  return param && /^\d+$/.test(param) ? Number(param) : null;
}

/** What the panel shows without a tab to follow. */
const NO_TAB: ProblemState = { problem: null, platform: null, signedIn: false, lookup: null };

/** Notes beside the problem being solved; follows the tab to the next problem. */
export function SidePanel() {
  const [tabId, setTabId] = useState<number | null>(initialTabId);
  const [tabState, setTabState] = useState<ProblemState | null>(null);
  const [auth, setAuth] = useState<AuthStatus | null>(null);
  const [general, setGeneral] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const state = tabId === null ? NO_TAB : tabState;

  const refresh = useCallback(
    (id: number) =>
      send({ type: 'problem:state', tabId: id }).then(
        (s) => {
          setTabState(s);
          setError(null);
        },
        (err: unknown) => setError((err as Error).message),
      ),
    [],
  );

  useEffect(() => {
    void send({ type: 'auth:status' }).then(setAuth);
  }, []);

  // Follow the browser: the active tab of this window...
  useEffect(() => {
    let ownTabId: number | undefined;
    let ownWindowId: number | undefined;
    void browser.tabs.getCurrent().then((t) => {
      ownTabId = t?.id;
      ownWindowId = t?.windowId;
    });
    if (initialTabId() === null) {
      void browser.tabs.query({ active: true, currentWindow: true }).then(([t]) => setTabId(t?.id ?? null));
    }
    const onActivated = (info: { tabId: number; windowId: number }) => {
      if (info.tabId === ownTabId) return;
      void browser.windows.getCurrent().then((w) => {
        if (ownWindowId === undefined && w.id !== info.windowId) return;
        setTabId(info.tabId);
      });
    };
    browser.tabs.onActivated.addListener(onActivated);
    return () => browser.tabs.onActivated.removeListener(onActivated);
  }, []);

  // ...and the followed tab's navigations and what its page detects.
  useEffect(() => {
    if (tabId === null) return;
    const onUpdated = (id: number, change: { url?: string; status?: string }) => {
      if (id === tabId && (change.url || change.status === 'complete')) void refresh(tabId);
    };
    const onMessage = (message: unknown, sender: { id?: string; url?: string }) => {
      const m = message as BroadcastMessage | null;
      // Only the background's notices (content scripts share our id, not our origin); nothing is
      // answered here: the background answers requests.
      const fromExtension = sender.id === browser.runtime.id && !!sender.url?.startsWith(browser.runtime.getURL('/'));
      if (fromExtension && m?.type === 'problem:changed' && m.tabId === tabId) void refresh(tabId);
      return undefined;
    };
    browser.tabs.onUpdated.addListener(onUpdated);
    browser.runtime.onMessage.addListener(onMessage);
    return () => {
      browser.tabs.onUpdated.removeListener(onUpdated);
      browser.runtime.onMessage.removeListener(onMessage);
    };
  }, [tabId, refresh]);

  useEffect(() => {
    if (tabId !== null) void refresh(tabId);
  }, [tabId, refresh, version]);

  const problem = state?.problem ?? null;
  const lookup = state?.lookup ?? null;
  const questionId = lookup?.status === 'found' ? lookup.question._id : null;

  async function addToWorkspace() {
    if (!problem) return;
    try {
      await send({
        type: 'record:set',
        problemUrl: problem.url,
        details: { name: problem.name, difficulty: problem.difficulty, topics: problem.topics },
      });
      setVersion((v) => v + 1);
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <div className="wrap">
      <div className="head">
        <h3 style={{ margin: 0 }}>Notes</h3>
        <label className="toggle">
          <input type="checkbox" checked={general} onChange={(e) => setGeneral(e.target.checked)} />
          General notes
        </label>
      </div>
      {error && (
        <div className="error" role="alert">
          {error}
        </div>
      )}
      {auth && !auth.signedIn ? (
        <div className="card muted">Sign in from the extension's popup to keep notes.</div>
      ) : general ? (
        <NotesList key="general" questionId={null} />
      ) : !problem ? (
        <div className="card muted">No problem open in this tab.</div>
      ) : (
        <>
          <div className="card">
            <strong data-testid="panel-problem">{lookup?.status === 'found' ? lookup.question.name : (problem.name ?? problem.key)}</strong>
          </div>
          {questionId ? (
            <>
              <NotesList key={questionId} questionId={questionId} />
              <SolutionsList key={`solutions-${questionId}`} questionId={questionId} />
            </>
          ) : lookup?.status === 'notFound' ? (
            <div className="card">
              <span className="muted">Add this problem to your workspace to keep notes on it.</span>
              <button type="button" className="primary" onClick={() => void addToWorkspace()}>
                Add to workspace
              </button>
            </div>
          ) : lookup?.status === 'error' || lookup?.status === 'invalidPlatform' ? (
            <div className="error" role="alert">
              {lookup.message}
            </div>
          ) : (
            <div className="card muted">Loading…</div>
          )}
        </>
      )}
    </div>
  );
}

type ListedNote = Note | (NoteSummary & { note?: undefined });

/** The notes of a question (or the general notes), each shown sanitised, with create, edit and delete. */
function NotesList({ questionId }: { questionId: string | null }) {
  const [notes, setNotes] = useState<ListedNote[] | null>(null);
  const [editing, setEditing] = useState<Note | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    () =>
      (questionId ? send({ type: 'notes:question', questionId }) : send({ type: 'notes:general' })).then(
        (r) => {
          setNotes(r.notes);
          setError(null);
        },
        (err: unknown) => setError((err as Error).message),
      ),
    [questionId],
  );

  useEffect(() => {
    void load();
  }, [load]);

  async function edit(n: ListedNote) {
    try {
      setEditing(n.note === undefined ? await send({ type: 'note:get', noteId: n._id }) : n);
    } catch (err) {
      setError((err as Error).message);
    }
  }

  async function remove(n: ListedNote) {
    if (!window.confirm(`Delete the note "${n.title}"?`)) return;
    try {
      await send({ type: 'note:delete', noteId: n._id });
      await load();
    } catch (err) {
      setError((err as Error).message);
    }
  }

  if (editing) {
    return (
      <NoteEditor
        key={editing === 'new' ? 'new' : editing._id}
        note={editing === 'new' ? null : editing}
        questionId={questionId}
        onClose={() => {
          setEditing(null);
          void load();
        }}
      />
    );
  }
  return (
    <section aria-label={questionId ? 'Question notes' : 'General notes'} className="card">
      {error && (
        <div className="error" role="alert">
          {error}
        </div>
      )}
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <strong>{questionId ? 'Question Notes' : 'General Notes'}</strong>
        <button type="button" className="primary" onClick={() => setEditing('new')}>
          {questionId ? 'Add New Note' : 'New'}
        </button>
      </div>
      {notes === null ? (
        <span className="muted">Loading…</span>
      ) : notes.length === 0 ? (
        <span className="muted">No Notes found</span>
      ) : (
        notes.map((n) => <NoteItem key={n._id} note={n} onEdit={() => void edit(n)} onDelete={() => void remove(n)} />)
      )}
    </section>
  );
}

function NoteItem({ note, onEdit, onDelete }: { note: ListedNote; onEdit: () => void; onDelete: () => void }) {
  const clean = useMemo(() => (note.note === undefined ? null : sanitizeNoteForDisplay(note.note)), [note.note]);
  return (
    <article className="note-item" data-testid="note-item">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <span className="note-title">{note.title}</span>
        <span className="row">
          <button type="button" onClick={onEdit}>
            Edit
          </button>
          <button type="button" onClick={onDelete}>
            Delete
          </button>
        </span>
      </div>
      {note.tags.length > 0 && (
        <div className="chips">
          {note.tags.map((t) => (
            <span key={t._id} className="chip">
              {t.name}
            </span>
          ))}
        </div>
      )}
      {clean !== null ? <div className="note-content" dangerouslySetInnerHTML={{ __html: clean }} /> : <div className="muted">{'excerpt' in note ? note.excerpt : ''}</div>}
    </article>
  );
}
