import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import type { Settings } from '@shared/schemas/messages';
import type { QueueStatus } from '@shared/schemas/message-replies';
import { formText } from '@shared/untrusted';
import '../../lib/ui.css';
import { send } from '../../lib/messaging';
import { createSyncPanel } from '../../lib/sync-panel';
import { HealthSection } from './health';

/** "Sync solved problems": the same panel as the popup's, with the daily sync setting. */
function SyncSection() {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const panel = createSyncPanel(send);
    host.current?.append(panel.element);
    return () => {
      panel.destroy();
      panel.element.remove();
    };
  }, []);
  return <div ref={host} />;
}

function Options() {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [queue, setQueue] = useState<QueueStatus | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    void send({ type: 'settings:get' }).then(setSettings);
    void send({ type: 'queue:status' }).then(setQueue);
  }, []);

  async function save(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = formText(new FormData(e.currentTarget), 'apiBaseUrl').trim();
    try {
      const origin = new URL(value).origin;
      // Any origin other than the default local API is asked for at run time, not in the manifest.
      const granted = await browser.permissions.request({ origins: [`${origin}/*`] }).catch(() => false);
      if (!granted && !(await browser.permissions.contains({ origins: [`${origin}/*`] }))) {
        setMessage('Permission to reach that address was not granted.');
        return;
      }
      setSettings(await send({ type: 'settings:set', apiBaseUrl: origin }));
      setMessage('Saved. Sign in again from the popup.');
    } catch (err) {
      setMessage(err instanceof TypeError ? 'Please enter a valid URL' : (err as Error).message);
    }
  }

  async function setAutoTick(autoTick: boolean) {
    setSettings(await send({ type: 'settings:set', autoTick }));
  }

  async function setAskRating(askRating: boolean) {
    setSettings(await send({ type: 'settings:set', askRating }));
  }

  async function setKeepCode(keepCode: boolean) {
    setSettings(await send({ type: 'settings:set', keepCode }));
  }

  return (
    <div className="wrap" style={{ maxWidth: 520 }}>
      <h2>Practice Tracker</h2>
      {settings && (
        <>
          <form onSubmit={(e) => void save(e)}>
            <label>
              API address
              <input name="apiBaseUrl" defaultValue={settings.apiBaseUrl} placeholder="http://localhost:8787" />
            </label>
            <button className="primary" type="submit">
              Save
            </button>
            {message && <div role="status">{message}</div>}
          </form>
          <label className="toggle">
            <input type="checkbox" checked={settings.autoTick} onChange={(e) => void setAutoTick(e.target.checked)} />
            Tick a problem as solved when my submission is Accepted (LeetCode, Codeforces)
          </label>
          <label className="toggle">
            <input type="checkbox" checked={settings.askRating} disabled={!settings.autoTick} onChange={(e) => void setAskRating(e.target.checked)} />
            Ask how it went after an Accepted verdict
          </label>
          <label className="toggle">
            <input type="checkbox" checked={settings.keepCode} disabled={!settings.autoTick} onChange={(e) => void setKeepCode(e.target.checked)} />
            Keep the code of an Accepted submission, with its attempts and time, in my tracker
          </label>
        </>
      )}
      {queue && (
        <div className="card">
          <span data-testid="queue-pending">{queue.pending === 0 ? 'Everything is synced.' : `${queue.pending} change(s) waiting to be sent.`}</span>
          {queue.lastError && <span className="muted">Last problem: {queue.lastError}</span>}
          {queue.pending > 0 && (
            <button type="button" onClick={() => void send({ type: 'queue:flush' }).then(setQueue)}>
              Retry now
            </button>
          )}
        </div>
      )}
      <SyncSection />
      <HealthSection />
      <p>
        <a href="/privacy.html" target="_blank" rel="noreferrer">
          Privacy: what the extension reads, sends and never reads
        </a>
      </p>
    </div>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Options />);
