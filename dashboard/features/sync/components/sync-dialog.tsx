import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Puzzle, RefreshCw } from 'lucide-react';
import { Link } from 'wouter';
import { useEffect, useId, useRef } from 'react';
import { syncAccountText, syncFailureText, syncLastText, syncStateText, syncSummaryText } from '@shared/rules/sync';
import type { SyncJudge } from '@shared/schemas/sync';
import { EXTENSION_PAGE_PATH } from '@shared/extension';
import { Dialog } from '../../../components/dialog';
import { Switch } from '../../../components/switch';
import { useSession } from '../../auth/api/session';
import { syncKeys, syncStatusQuery, useSyncActions } from '../api/sync-queries';
import { NoExtension } from '../lib/extension';
import { useSyncDialog } from '../stores/sync-dialog';
import '../sync.css';

/** The button that opens "Sync solved problems" (the workspace's header and its empty state; the account menu has an entry). */
export function SyncButton({ className = 'btn' }: { className?: string }) {
  const show = useSyncDialog((s) => s.show);
  return (
    <button type="button" className={className} onClick={show}>
      <RefreshCw size={16} aria-hidden /> Sync solved problems
    </button>
  );
}

/** What to do when no extension answers: the "Get the extension" page says how to add it. */
function GetExtension({ onLeave }: { onLeave: () => void }) {
  return (
    <div className="sync-get" data-testid="sync-no-extension">
      <p>
        <strong>The Practice Tracker extension is needed.</strong> It reads your history on the judges in your own browser (with your sign-in there)
        and sends the problems you solved here.
      </p>
      <p>Add it to your browser, sign in from its popup with this account, then come back here.</p>
      <Link href={EXTENSION_PAGE_PATH} className="btn btn-primary" onClick={onLeave}>
        <Puzzle size={16} aria-hidden /> Get the extension
      </Link>
    </div>
  );
}

/** The per-judge opt-in for the code of Accepted submissions (judges whose code the extension can read). */
function KeepCode({ judge, onChange }: { judge: SyncJudge; onChange: (keep: boolean) => void }) {
  const hint = useId();
  const on = judge.code === 'on';
  return (
    <div className="sync-code">
      <Switch checked={on} onChange={onChange} aria-label={`Keep code from ${judge.name}`} aria-describedby={hint} data-testid="sync-keep-code">
        Keep code
      </Switch>
      <span className="faint sync-hint" id={hint}>
        From the next sync, your accepted code too: one more request per solved problem, at the pace {judge.name} allows. Only you see it.
      </span>
    </div>
  );
}

function JudgeItem({ judge, disabled, onSync, onKeepCode }: { judge: SyncJudge; disabled: boolean; onSync: () => void; onKeepCode: (keep: boolean) => void }) {
  const state = syncStateText(judge);
  const failure = syncFailureText(judge);
  const bad = judge.state === 'error' || judge.state === 'signedOut' || judge.state === 'paused';
  return (
    <li className="sync-judge" aria-label={judge.name} data-platform={judge.platform}>
      <div className="sync-judge-head">
        <strong>{judge.name}</strong>
        <button type="button" className="btn btn-sm" aria-label={`Sync ${judge.name}`} disabled={disabled || judge.account === 'handleNeeded'} onClick={onSync}>
          Sync
        </button>
      </div>
      <span className="faint">
        {judge.account === 'handleNeeded' ? "Handle needed: enter it in the extension's popup or options" : syncAccountText(judge)}
      </span>
      <span className="faint" data-testid="sync-last">
        {syncLastText(judge)}
      </span>
      {judge.code !== null && <KeepCode judge={judge} onChange={onKeepCode} />}
      {state && (
        <span className={bad ? 'sync-bad' : 'faint'} data-testid="sync-state">
          {state}
        </span>
      )}
      {judge.summary && judge.state !== 'queued' && <span data-testid="sync-summary">{syncSummaryText(judge.summary)}</span>}
      {failure && (
        <span className="faint" data-testid="sync-last-failure">
          {failure}
        </span>
      )}
    </li>
  );
}

/** "Sync solved problems": asks the installed extension to read the judges' histories, and shows how it goes. */
export function SyncDialog() {
  const open = useSyncDialog((s) => s.open);
  const close = useSyncDialog((s) => s.close);
  const { user } = useSession();
  const qc = useQueryClient();
  const status = useQuery(syncStatusQuery(open));
  const { start, cancel, keepCode } = useSyncActions();
  const data = status.data;
  const running = !!data?.running;

  // When a sync ends, what it imported shows everywhere: the workspace, the analysis, sheets' progress.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== syncKeys.status[0] });
    wasRunning.current = running;
  }, [running, qc]);

  const error = status.error ?? start.error ?? cancel.error;
  const missing = error instanceof NoExtension;
  const judges = data?.judges.filter((j) => j.account !== 'unavailable') ?? [];
  const unavailable = data?.judges.filter((j) => j.account === 'unavailable') ?? [];
  const current = judges.find((j) => j.state === 'running');
  const otherAccount = !!data?.account && !!user && data.account.toLowerCase() !== user.email.toLowerCase();

  return (
    <Dialog open={open} onClose={close} title="Sync solved problems" wide>
      <div className="sync-dialog">
        <p className="faint">Brings the problems you solved on the judges into your workspace, with the dates you solved them.</p>
        {missing ? (
          <GetExtension onLeave={close} />
        ) : status.isLoading ? (
          <p role="status">Asking the extension…</p>
        ) : (
          <>
            {error && (
              <p className="sync-bad" role="alert">
                {error.message}
              </p>
            )}
            {data && !data.account && (
              <p className="sync-bad" role="alert">
                Sign in from the extension&apos;s popup first: the problems go to the account it is signed in with.
              </p>
            )}
            {otherAccount && (
              <p className="sync-bad" role="alert">
                The extension is signed in as {data.account}: the problems go to that account, not this one.
              </p>
            )}
            <div className="row sync-controls">
              <button type="button" className="btn btn-primary" disabled={running || !data?.account || start.isPending} onClick={() => start.mutate(undefined)}>
                Sync all
              </button>
              {running && (
                <button type="button" className="btn" onClick={() => cancel.mutate()}>
                  Cancel
                </button>
              )}
            </div>
            <p role="status" aria-live="polite" data-testid="sync-progress" className="sync-progress">
              {current ? `Syncing ${syncStateText(current) ?? current.name}` : running ? 'Syncing…' : ''}
            </p>
            <ul className="sync-list" aria-label="Judges">
              {judges.map((j) => (
                <JudgeItem
                  key={j.platform}
                  judge={j}
                  disabled={running || !data?.account}
                  onSync={() => start.mutate([j.platform])}
                  onKeepCode={(keep) => keepCode.mutate({ platform: j.platform, keep })}
                />
              ))}
            </ul>
            {unavailable.length > 0 && (
              <details>
                <summary>Judges without a history sync</summary>
                <ul className="sync-list faint">
                  {unavailable.map((j) => (
                    <li key={j.platform}>
                      <strong>{j.name}</strong>: {j.message}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
