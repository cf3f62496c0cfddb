import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { browser } from 'wxt/browser';
import type {
  ActionResult,
  AuthStatus,
  EditableSheet,
  ProblemState,
  RecordSetResult,
  Settings,
  SheetOutline,
} from '@shared/schemas/messages';
import { send } from '../../lib/messaging';
import { openNotesPanel } from '../../lib/open-panel';

type Tone = 'success' | 'error' | 'info';
interface Toast {
  text: string;
  tone: Tone;
}

/** The tab the popup is about: the active tab, or ?tabId= when the popup is opened as a page. */
async function targetTab(): Promise<{ tabId: number | null; windowId: number | null }> {
  const param = new URLSearchParams(location.search).get('tabId');
  if (param && /^\d+$/.test(param)) return { tabId: Number(param), windowId: null };
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return { tabId: tab?.id ?? null, windowId: tab?.windowId ?? null };
}

export function difficultyClass(d: string | null | undefined) {
  if (d === 'Easy' || d === 'Basic' || d === 'School') return 'diff-easy';
  if (d === 'Medium') return 'diff-medium';
  if (d === 'Hard') return 'diff-hard';
  const n = Number(d);
  if (Number.isFinite(n) && n > 0) return n < 1400 ? 'diff-easy' : n < 2000 ? 'diff-medium' : 'diff-hard';
  return 'muted';
}

export function Popup() {
  const [target, setTarget] = useState<{ tabId: number | null; windowId: number | null } | null>(null);
  const [auth, setAuth] = useState<AuthStatus | null>(null);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [state, setState] = useState<ProblemState | null>(null);
  const [today, setToday] = useState<number | null>(null);
  const [sheets, setSheets] = useState<EditableSheet[] | null>(null);
  const [toast, setToast] = useState<Toast | null>(null);
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  const [signInError, setSignInError] = useState<string | null>(null);
  const toastTimer = useRef<number>(0);

  const show = useCallback((text: string, tone: Tone = 'success') => {
    setToast({ text, tone });
    window.clearTimeout(toastTimer.current);
    toastTimer.current = window.setTimeout(() => setToast(null), 4000);
  }, []);

  const loadState = useCallback(async (tabId: number | null) => {
    const next: ProblemState =
      tabId === null ? { problem: null, platform: null, signedIn: false, lookup: null } : await send<ProblemState>({ type: 'problem:state', tabId });
    setState(next);
    if (next.lookup?.status === 'invalidPlatform') show(next.lookup.message, 'error');
    if (next.lookup?.status === 'error') show(next.lookup.message, 'error');
    return next;
  }, [show]);

  useEffect(() => {
    void send<AuthStatus>({ type: 'auth:status' }).then(setAuth);
    void send<Settings>({ type: 'settings:get' }).then(setSettings);
    void targetTab().then((t) => {
      setTarget(t);
      void loadState(t.tabId);
    });
  }, [loadState]);

  const signedIn = !!auth?.signedIn;
  const problem = state?.problem ?? null;
  const lookup = state?.lookup ?? null;
  const found = lookup?.status === 'found' ? lookup : null;
  const questionId = found?.question._id;

  // Off a problem page: today's solved count. On one: which of my sheets hold it.
  useEffect(() => {
    if (!signedIn || !state) return;
    if (!problem) {
      void send<{ solved: number }>({ type: 'activity:today', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone })
        .then((a) => setToday(a.solved))
        .catch(() => setToday(null));
    } else if (questionId) {
      void send<EditableSheet[]>({ type: 'sheets:list', questionId }).then(setSheets).catch(() => setSheets(null));
    }
  }, [signedIn, state, problem, questionId]);

  async function signIn(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setSignInError(null);
    try {
      setAuth(await send<AuthStatus>({ type: 'auth:login', email: String(form.get('email')), password: String(form.get('password')) }));
      await loadState(target?.tabId ?? null);
    } catch (err) {
      setSignInError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function signOut() {
    setAuth(await send<AuthStatus>({ type: 'auth:logout' }));
    setSheets(null);
    setToday(null);
    await loadState(target?.tabId ?? null);
  }

  /** Sets fields of the workspace record (adding the question first when it is not there). */
  async function setRecord(change: { checked?: boolean; starred?: boolean }) {
    if (!problem) return;
    setBusy(true);
    try {
      const r = await send<ActionResult<RecordSetResult>>({
        type: 'record:set',
        problemUrl: problem.url,
        details: { name: problem.name, difficulty: problem.difficulty, topics: problem.topics },
        ...change,
      });
      show(r.message, r.status === 'queued' ? 'info' : 'success');
      if (r.status === 'sent') await loadState(target?.tabId ?? null);
    } catch (err) {
      show((err as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  }

  const dashboard = settings?.apiBaseUrl ?? '';
  const record = found?.document ?? null;
  const name = found?.question.name ?? problem?.name ?? problem?.key ?? '';
  const difficulty = found && found.question.difficulty !== 'N/A' ? found.question.difficulty : problem?.difficulty;
  const inSheets = [
    ...(found?.popularSheets.map((s) => s.name) ?? []),
    ...(sheets ?? []).filter((s) => s.contains).map((s) => s.name),
  ].filter((n, i, all) => all.indexOf(n) === i);

  return (
    <div className="wrap popup">
      <div className="head">
        <span className="brand">
          <span className="mark">✓</span> Practice Tracker
        </span>
        {dashboard && (
          <a href={`${dashboard}/question-tracker`} target="_blank" rel="noopener noreferrer">
            Open dashboard
          </a>
        )}
      </div>

      {toast && (
        <div className={`toast toast-${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'} data-testid="toast">
          {toast.text}
        </div>
      )}

      {state === null ? (
        <div className="card muted">Looking at this page…</div>
      ) : problem ? (
        <section className="card" aria-label="Detected problem">
          <div className="problem-name" data-testid="problem-name">
            {name}
          </div>
          <div className="meta">
            {state.platform && <span className="platform-icon" aria-hidden dangerouslySetInnerHTML={{ __html: state.platform.icon }} />}
            <span data-testid="problem-platform">{state.platform?.name ?? problem.platform}</span>
            {difficulty && <span className={difficultyClass(difficulty)}>{difficulty}</span>}
          </div>
          {signedIn && (
            <ul className="facts" aria-label="Your state">
              {lookup?.status === 'notFound' && <li className="muted">New to the catalogue: it is added as a custom question.</li>}
              <li data-testid="workspace-state">{record ? 'In your workspace' : 'Not in your workspace'}</li>
              {record && (
                <li data-testid="solved-state" className={record.checked ? 'diff-easy' : 'muted'}>
                  {record.checked ? 'Solved' : 'Not solved yet'}
                </li>
              )}
              {record?.starred && <li data-testid="starred-state">★ Starred</li>}
              {record && record.customTags.length > 0 && (
                <li className="chips" aria-label="Custom tags">
                  {record.customTags.map((t) => (
                    <span key={t} className="chip">
                      {t}
                    </span>
                  ))}
                </li>
              )}
              {found && <li data-testid="notes-count">{found.notesCount === 1 ? '1 note' : `${found.notesCount} notes`}</li>}
              {inSheets.length > 0 && <li data-testid="in-sheets">In sheets: {inSheets.join(', ')}</li>}
            </ul>
          )}
        </section>
      ) : (
        <div className="card muted">Open a problem on LeetCode, Codeforces or another judge to track it.</div>
      )}

      {signedIn && problem && lookup?.status !== 'invalidPlatform' && (
        <div className="actions" aria-label="Actions">
          {!record && (
            <button className="primary" type="button" disabled={busy} onClick={() => void setRecord({})}>
              Add to workspace
            </button>
          )}
          <button type="button" disabled={busy} onClick={() => void setRecord({ checked: !record?.checked })}>
            {record?.checked ? 'Mark unsolved' : 'Mark solved'}
          </button>
          <button type="button" disabled={busy} aria-pressed={!!record?.starred} onClick={() => void setRecord({ starred: !record?.starred })}>
            {record?.starred ? 'Unstar' : 'Star'}
          </button>
          <button type="button" disabled={busy} aria-expanded={picking} onClick={() => setPicking((p) => !p)}>
            Add to sheet
          </button>
          <button type="button" onClick={() => openNotesPanel(target?.tabId ?? null, target?.windowId ?? null)}>
            Notes{found ? ` (${found.notesCount})` : ''}
          </button>
          {found && dashboard && (
            <a className="btn" href={`${dashboard}/question-tracker?tab=notes&questionId=${encodeURIComponent(found.question._id)}`} target="_blank" rel="noopener noreferrer">
              Open in dashboard
            </a>
          )}
        </div>
      )}

      {signedIn && problem && picking && (
        <SheetPicker
          problemUrl={problem.url}
          title={name}
          sheets={sheets}
          onLoaded={setSheets}
          onDone={(message, tone) => {
            show(message, tone);
            if (tone !== 'error') {
              setPicking(false);
              if (questionId) void send<EditableSheet[]>({ type: 'sheets:list', questionId }).then(setSheets).catch(() => undefined);
            }
          }}
        />
      )}

      {auth === null ? null : signedIn ? (
        <>
          {!problem && state && (
            <div className="card" aria-label="Today">
              <span data-testid="today-solved">{today === null ? 'Solved today: …' : `Solved today: ${today}`}</span>
            </div>
          )}
          <div className="row" style={{ justifyContent: 'space-between' }}>
            <span className="muted">
              Signed in as <strong>{auth.user?.email}</strong>
            </span>
            <button type="button" onClick={() => void signOut()}>
              Sign out
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={signIn} aria-label="Sign in">
          <label>
            Email
            <input name="email" type="email" autoComplete="email" required />
          </label>
          <label>
            Password
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
          {signInError && (
            <div className="error" role="alert">
              {signInError}
            </div>
          )}
          <button className="primary" type="submit" disabled={busy}>
            Sign in
          </button>
        </form>
      )}
    </div>
  );
}

/** Choose one of my sheets (own or shared with me), then a topic and subtopic, or unassigned. */
function SheetPicker({
  problemUrl,
  title,
  sheets,
  onLoaded,
  onDone,
}: {
  problemUrl: string;
  title: string;
  sheets: EditableSheet[] | null;
  onLoaded(sheets: EditableSheet[]): void;
  onDone(message: string, tone: Tone): void;
}) {
  const [sheetId, setSheetId] = useState('');
  const [outline, setOutline] = useState<SheetOutline | null>(null);
  const [topic, setTopic] = useState('');
  const [subTopic, setSubTopic] = useState('');
  const [name, setName] = useState(title);
  const [busy, setBusy] = useState(false);
  // The parent's callbacks change every render; the effects below must not re-run for that.
  const callbacks = useRef({ onLoaded, onDone });
  callbacks.current = { onLoaded, onDone };

  useEffect(() => {
    if (sheets === null) {
      void send<EditableSheet[]>({ type: 'sheets:list' })
        .then((list) => callbacks.current.onLoaded(list))
        .catch((err: Error) => callbacks.current.onDone(err.message, 'error'));
    }
  }, [sheets]);

  useEffect(() => {
    setOutline(null);
    setTopic('');
    setSubTopic('');
    if (sheetId) {
      void send<SheetOutline>({ type: 'sheet:get', sheetId })
        .then(setOutline)
        .catch((err: Error) => callbacks.current.onDone(err.message, 'error'));
    }
  }, [sheetId]);

  async function add(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const r = await send<ActionResult<unknown>>({ type: 'sheet:add', sheetId, problemUrl, topic, subTopic, title: name.trim() || undefined });
      callbacks.current.onDone(r.message, r.status === 'queued' ? 'info' : 'success');
    } catch (err) {
      callbacks.current.onDone((err as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  }

  if (sheets === null) return <div className="card muted">Loading your sheets…</div>;
  if (!sheets.length) return <div className="card muted">You have no sheets you can edit yet. Create one in the dashboard.</div>;
  const subTopics = outline && topic ? (outline.subTopicOrder[topic] ?? []) : [];
  return (
    <form className="card" onSubmit={add} aria-label="Add to a sheet">
      <label>
        Sheet
        <select aria-label="Sheet" value={sheetId} onChange={(e) => setSheetId(e.target.value)} required>
          <option value="">Choose a sheet</option>
          {sheets.map((s) => (
            <option key={s._id} value={s._id} disabled={s.contains === true}>
              {s.name}
              {s.role === 'collaborator' ? ' (shared)' : ''}
              {s.contains ? ' (already in it)' : ''}
            </option>
          ))}
        </select>
      </label>
      <label>
        Topic
        <select aria-label="Topic" value={topic} onChange={(e) => (setTopic(e.target.value), setSubTopic(''))} disabled={!outline}>
          <option value="">Unassigned</option>
          {outline?.topicOrder.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label>
        Subtopic
        <select aria-label="Subtopic" value={subTopic} onChange={(e) => setSubTopic(e.target.value)} disabled={!topic || !subTopics.length}>
          <option value="">{topic ? 'Directly under the topic' : 'Unassigned'}</option>
          {subTopics.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label>
        Title
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={300} />
      </label>
      <button className="primary" type="submit" disabled={busy || !sheetId || !outline}>
        Add
      </button>
    </form>
  );
}
