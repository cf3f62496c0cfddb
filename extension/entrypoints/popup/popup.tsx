import { useEffect, useState, type FormEvent } from 'react';
import browser from 'webextension-polyfill';
import { platformById } from '@shared/platforms/index';
import type { PlatformId } from '@shared/platforms/types';
import type { AuthStatus, DetectedProblem, Settings } from '@shared/schemas/messages';
import { send } from '../../lib/messaging';

/** The tab the popup is about: the active tab, or ?tabId= when the popup is opened as a page. */
async function targetTabId(): Promise<number | null> {
  const param = new URLSearchParams(location.search).get('tabId');
  if (param) return Number(param);
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

function difficultyClass(d: string | null) {
  return d === 'Easy' ? 'diff-easy' : d === 'Medium' ? 'diff-medium' : d === 'Hard' ? 'diff-hard' : 'muted';
}

export function Popup() {
  const [auth, setAuth] = useState<AuthStatus | null>(null);
  const [problem, setProblem] = useState<DetectedProblem | null | undefined>(undefined);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void send<AuthStatus>({ type: 'auth:status' }).then(setAuth);
    void send<Settings>({ type: 'settings:get' }).then(setSettings);
    void targetTabId().then((tabId) =>
      tabId === null ? setProblem(null) : send<DetectedProblem | null>({ type: 'problem:get', tabId }).then(setProblem),
    );
  }, []);

  async function signIn(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      setAuth(await send<AuthStatus>({ type: 'auth:login', email: String(form.get('email')), password: String(form.get('password')) }));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const platform = problem ? platformById(problem.platform as PlatformId) : undefined;
  const dashboard = settings?.apiBaseUrl ?? 'http://localhost:8787';

  return (
    <div className="wrap popup">
      <div className="head">
        <span className="brand">
          <span className="mark">✓</span> Practice Tracker
        </span>
        <a href={`${dashboard}/question-tracker`} target="_blank" rel="noopener noreferrer">
          Open dashboard
        </a>
      </div>

      {problem === undefined ? (
        <div className="card muted">Looking at this page…</div>
      ) : problem ? (
        <section className="card" aria-label="Detected problem">
          <div className="problem-name" data-testid="problem-name">
            {problem.name ?? problem.key}
          </div>
          <div className="meta">
            {platform && <span className="platform-icon" aria-hidden dangerouslySetInnerHTML={{ __html: platform.icon }} />}
            <span data-testid="problem-platform">{platform?.name ?? problem.platform}</span>
            {problem.difficulty && <span className={difficultyClass(problem.difficulty)}>{problem.difficulty}</span>}
          </div>
        </section>
      ) : (
        <div className="card muted">Open a problem on LeetCode, Codeforces or another judge to track it.</div>
      )}

      {auth === null ? null : auth.signedIn ? (
        <div className="row" style={{ justifyContent: 'space-between' }}>
          <span className="muted">
            Signed in as <strong>{auth.user?.email}</strong>
          </span>
          <button type="button" onClick={() => void send<AuthStatus>({ type: 'auth:logout' }).then(setAuth)}>
            Sign out
          </button>
        </div>
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
          {error && <div className="error" role="alert">{error}</div>}
          <button className="primary" type="submit" disabled={busy}>
            Sign in
          </button>
        </form>
      )}
    </div>
  );
}
