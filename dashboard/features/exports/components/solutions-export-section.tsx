import { useQuery } from '@tanstack/react-query';
import { Download, ExternalLink, FolderGit2, GitBranch, Layers, Play, Unplug } from 'lucide-react';
import { useId, useState, type SyntheticEvent } from 'react';
import { githubFacts } from '@shared/platforms/github';
import { plural } from '@shared/plural';
import { EXPORT_MESSAGES as M } from '@shared/rules/exports';
import type { ExportRun, GithubExportState } from '@shared/schemas/export';
import { InlineLoadFailed, SkeletonList } from '../../../components/feedback';
import { Switch } from '../../../components/switch';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/api/session';
import { downloadExport, githubExportQuery, useConnectRepo, useDisconnectRepo, useExportSettings, useRunExport } from '../api/export-queries';
import '../exports.css';

/** Account → Solutions export: a connected GitHub repository that receives the kept solutions, and the downloads. */
export function SolutionsExportSection() {
  const { token } = useSession();
  const query = useQuery(githubExportQuery(token));
  const [editing, setEditing] = useState(false);
  return (
    <section className="card card-pad account-section" aria-labelledby="exports-title">
      <h2 id="exports-title">Solutions export</h2>
      <p className="muted">Keep your accepted code in a GitHub repository of your own, one folder per problem with a README, or download it.</p>
      {query.isPending ? (
        <SkeletonList rows={2} height={56} />
      ) : query.isError ? (
        <InlineLoadFailed what="your export settings" onRetry={() => void query.refetch()} />
      ) : query.data.connection && !editing ? (
        <ConnectedRepo state={query.data} token={token} onChangeToken={() => setEditing(true)} />
      ) : (
        <ConnectForm token={token} current={query.data.connection} onDone={() => setEditing(false)} onCancel={query.data.connection ? () => setEditing(false) : undefined} />
      )}
      <Downloads />
    </section>
  );
}

function ConnectForm({ token, current, onDone, onCancel }: { token: string | null; current: GithubExportState['connection']; onDone: () => void; onCancel?: () => void }) {
  const connect = useConnectRepo(token);
  const id = useId();
  const [owner, setOwner] = useState(current?.owner ?? '');
  const [repo, setRepo] = useState(current?.repo ?? '');
  const [branch, setBranch] = useState(current?.branch ?? 'main');
  const [secret, setSecret] = useState('');
  const [auto, setAuto] = useState(current?.auto ?? false);
  const [includeNotes, setIncludeNotes] = useState(current?.includeNotes ?? false);
  const error = connect.error instanceof ApiError && connect.error.code !== 0 ? connect.error.message : connect.error ? M.unreachable : null;
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    connect.mutate(
      { owner: owner.trim(), repo: repo.trim(), branch: branch.trim() || 'main', token: secret.trim() || undefined, auto, includeNotes },
      {
        onSuccess: () => {
          setSecret('');
          toast.success(M.connected);
          onDone();
        },
      },
    );
  };
  return (
    <form className="ex-form" onSubmit={submit} aria-describedby={error ? `${id}-error` : undefined}>
      <div className="ex-fields">
        <div className="field">
          <label htmlFor={`${id}-owner`}>Owner</label>
          <input id={`${id}-owner`} className="input" value={owner} onChange={(e) => setOwner(e.target.value)} placeholder="your-github-name" autoComplete="off" spellCheck={false} required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-repo`}>Repository</label>
          <input id={`${id}-repo`} className="input" value={repo} onChange={(e) => setRepo(e.target.value)} placeholder="solutions" autoComplete="off" spellCheck={false} required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-branch`}>Branch</label>
          <input id={`${id}-branch`} className="input" value={branch} onChange={(e) => setBranch(e.target.value)} placeholder="main" autoComplete="off" spellCheck={false} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-token`}>Access token</label>
        <input
          id={`${id}-token`}
          className="input"
          type="password"
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          placeholder={current ? 'Leave empty to keep the saved token' : 'github_pat_…'}
          autoComplete="off"
          spellCheck={false}
          required={!current}
          aria-describedby={`${id}-token-hint`}
        />
        <span id={`${id}-token-hint`} className="field-hint">
          A{' '}
          <a href={`${githubFacts.origins.site}/settings/personal-access-tokens/new`} target="_blank" rel="noopener noreferrer">
            fine-grained token
            <span className="visually-hidden"> (opens GitHub in a new tab)</span>
          </a>{' '}
          for this repository only, with Contents: Read and write. It is stored encrypted and never shown again.
        </span>
      </div>
      <div className="ex-switches">
        <Switch checked={auto} onChange={setAuto}>
          Export new solutions automatically
        </Switch>
        <Switch checked={includeNotes} onChange={setIncludeNotes}>
          Put my notes in the READMEs
        </Switch>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="ex-actions">
        <button type="submit" className="btn btn-primary" disabled={connect.isPending}>
          <FolderGit2 size={15} aria-hidden /> {connect.isPending ? 'Checking the repository…' : current ? 'Save' : 'Connect repository'}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function ConnectedRepo({ state, token, onChangeToken }: { state: GithubExportState; token: string | null; onChangeToken: () => void }) {
  const c = state.connection;
  const settings = useExportSettings(token);
  const run = useRunExport(token);
  const disconnect = useDisconnectRepo(token);
  if (!c) return null;
  const active = state.run?.state === 'queued' || state.run?.state === 'running' || state.run?.state === 'waiting';
  const save = (patch: { auto?: boolean; includeNotes?: boolean }) => settings.mutate({ owner: c.owner, repo: c.repo, branch: c.branch, ...patch });
  return (
    <div className="ex-connected">
      <div className="ex-repo">
        <FolderGit2 size={22} aria-hidden />
        <div className="ex-repo-name">
          <a href={c.repoUrl} target="_blank" rel="noopener noreferrer">
            {c.owner}/{c.repo} <ExternalLink size={12} aria-hidden />
            <span className="visually-hidden"> (opens GitHub in a new tab)</span>
          </a>
          <span className="faint">
            <GitBranch size={12} aria-hidden /> {c.branch}
          </span>
        </div>
        <span className="badge ex-badge-ok">Connected</span>
      </div>
      <RunStatus run={state.run} />
      <div className="ex-switches">
        <Switch checked={c.auto} onChange={(v) => save({ auto: v })} disabled={settings.isPending}>
          Export new solutions automatically
        </Switch>
        <Switch checked={c.includeNotes} onChange={(v) => save({ includeNotes: v })} disabled={settings.isPending}>
          Put my notes in the READMEs
        </Switch>
      </div>
      <div className="ex-actions">
        <button type="button" className="btn btn-primary" onClick={() => run.mutate(undefined, { onSuccess: (r) => toast.success(r.started ? M.runStarted : M.runAlready) })} disabled={active || run.isPending}>
          <Play size={14} aria-hidden /> {active ? 'Exporting…' : 'Export now'}
        </button>
        <button type="button" className="btn" onClick={onChangeToken}>
          Change repository or token
        </button>
        <span className="topbar-spacer" />
        <button type="button" className="btn btn-ghost ex-disconnect" onClick={() => disconnect.mutate(undefined, { onSuccess: () => toast.success(M.disconnected) })} disabled={disconnect.isPending}>
          <Unplug size={14} aria-hidden /> Disconnect
        </button>
      </div>
    </div>
  );
}

const STATE_LABEL: Record<ExportRun['state'], string> = { queued: 'Waiting to start', running: 'Exporting', waiting: 'Paused by GitHub', done: 'Last export done', failed: 'Last export failed' };

function RunStatus({ run }: { run: ExportRun | null }) {
  if (!run) return <p className="muted ex-status">No export yet. Export now to write every kept solution to the repository.</p>;
  const active = run.state === 'queued' || run.state === 'running' || run.state === 'waiting';
  const when = run.finishedAt ?? run.startedAt ?? run.queuedAt;
  return (
    <div className={`ex-status ex-status-${run.state}`} role="status" aria-live="polite">
      <div className="ex-status-head">
        <strong>{STATE_LABEL[run.state]}</strong>
        {when && !active && (
          <time className="faint" dateTime={when}>
            {new Date(when).toLocaleString()}
          </time>
        )}
      </div>
      {active && (
        <div className="ex-progress" role="progressbar" aria-label="Export progress" aria-valuemin={0} aria-valuemax={run.total || 1} aria-valuenow={run.done}>
          <span style={{ width: `${run.total ? Math.round((run.done / run.total) * 100) : run.state === 'running' ? 8 : 0}%` }} />
        </div>
      )}
      <p className="ex-status-text">
        {run.state === 'running' && (run.total ? `${run.done} of ${run.total} files written` : 'Comparing with the repository…')}
        {run.state === 'queued' && 'The export starts in a moment.'}
        {run.state === 'waiting' && run.waitUntil && `GitHub asked to slow down; the export goes on by itself at ${new Date(run.waitUntil).toLocaleTimeString()}.`}
        {run.state === 'done' &&
          (run.files ? (
            <>
              {plural(run.files, 'file')} written in one commit.{' '}
              {run.commitUrl && (
                <a href={run.commitUrl} target="_blank" rel="noopener noreferrer">
                  See the commit<span className="visually-hidden"> (opens GitHub in a new tab)</span>
                </a>
              )}
            </>
          ) : (
            'Nothing new since the last export; no commit was made.'
          ))}
        {run.state === 'failed' && (run.error ?? 'The export failed.')}
      </p>
    </div>
  );
}

function Downloads() {
  const [includeNotes, setIncludeNotes] = useState(false);
  const [busy, setBusy] = useState<'zip' | 'anki' | null>(null);
  const get = (kind: 'zip' | 'anki') => {
    setBusy(kind);
    downloadExport(kind, includeNotes)
      .catch((err: unknown) => toast.failure(err instanceof Error ? err.message : M.downloadFailed, err))
      .finally(() => setBusy(null));
  };
  return (
    <div className="ex-downloads">
      <h3>Downloads</h3>
      <p className="muted">No token needed: the same folders as a zip, or an Anki deck of your solved questions (the problem on the front, your latest solution and notes on the back).</p>
      <label className="ex-check">
        <input type="checkbox" checked={includeNotes} onChange={(e) => setIncludeNotes(e.target.checked)} /> Include my notes
      </label>
      <div className="ex-actions">
        <button type="button" className="btn" onClick={() => get('zip')} disabled={busy !== null}>
          <Download size={14} aria-hidden /> {busy === 'zip' ? 'Preparing…' : 'Download zip'}
        </button>
        <button type="button" className="btn" onClick={() => get('anki')} disabled={busy !== null}>
          <Layers size={14} aria-hidden /> {busy === 'anki' ? 'Preparing…' : 'Download Anki deck'}
        </button>
      </div>
    </div>
  );
}
