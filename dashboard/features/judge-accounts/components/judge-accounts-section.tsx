import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, ExternalLink, RefreshCw, Trash2, Trophy } from 'lucide-react';
import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import { HANDLE_PATTERN, JUDGE_ACCOUNT_MESSAGES as M } from '@shared/rules/judge-accounts';
import type { JudgeAccount } from '@shared/schemas/judge-account';
import { InlineLoadFailed, SkeletonList } from '../../../components/feedback';
import { PlatformIcon } from '../../../components/question-bits';
import { Switch } from '../../../components/switch';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/api/session';
import { isHttpUrl } from '@shared/rules/contests';
import {
  judgeAccountsQuery,
  useAccountVisibility,
  useLeaderboardOptIn,
  useLinkAccount,
  useRefreshAccount,
  useUnlinkAccount,
} from '../api/judge-account-queries';
import { formatAge, judgeName, LINKABLE_JUDGES } from '../lib/judges';
import '../judge-accounts.css';
import { formatNumber } from '@shared/format-number';

const QUEUED_MS = 15_000;

/** Account → Judge accounts: link a handle per judge, see how fresh its figures are, choose who sees it. */
export function JudgeAccountsSection() {
  const { token } = useSession();
  const query = useQuery(judgeAccountsQuery(token));
  const optIn = useLeaderboardOptIn(token);
  const unlink = useUnlinkAccount(token);
  const relink = useLinkAccount(token);
  // Here rather than in the row, which is gone (optimistically) before the answer comes. Undo links the same
  // handle again: the judge is read afresh, since removing dropped the figures and their history.
  const remove = (a: JudgeAccount) =>
    unlink.mutate(a.platform, {
      onSuccess: () =>
        toast.action(`${judgeName(a.platform)} account removed`, 'Undo', () =>
          relink.mutate({ platform: a.platform, handle: a.handle, isPublic: a.public }, { onError: (err) => toast.failure(`Could not link ${a.handle} again`, err) }),
        ),
    });
  const accounts = query.data?.accounts ?? [];
  return (
    <section className="card card-pad account-section" aria-labelledby="judge-accounts-title">
      <h2 id="judge-accounts-title">Judge accounts</h2>
      <p className="muted">Link your handles to show ratings and solved counts on your profile. The figures refresh by themselves every day.</p>
      {query.isPending ? (
        <SkeletonList rows={2} height={64} />
      ) : query.isError ? (
        <InlineLoadFailed what="your judge accounts" onRetry={() => void query.refetch()} />
      ) : (
        <>
          {accounts.length > 0 && (
            <ul className="ja-list" aria-label="Linked judge accounts">
              {accounts.map((a) => (
                <AccountRow key={a.platform} account={a} token={token} onRemove={remove} />
              ))}
            </ul>
          )}
          <LinkAccountForm token={token} linked={accounts.map((a) => a.platform)} />
          <div className="ja-optin">
            <Switch checked={query.data.leaderboardOptIn} onChange={(v) => optIn.mutate(v)} disabled={optIn.isPending}>
              <Trophy size={15} aria-hidden /> Show me on the leaderboard
            </Switch>
            <span className="field-hint">Only your public accounts count towards your place.</span>
          </div>
        </>
      )}
    </section>
  );
}

function AccountRow({ account: a, token, onRemove }: { account: JudgeAccount; token: string | null; onRemove: (a: JudgeAccount) => void }) {
  const refresh = useRefreshAccount(token);
  const visibility = useAccountVisibility(token);
  const name = judgeName(a.platform);
  // Between "queued" and the job's new figures, the row says it is refreshing (for at most QUEUED_MS).
  const [queued, setQueued] = useState<{ from: string | null } | null>(null);
  useEffect(() => {
    if (!queued) return;
    const timer = setTimeout(() => setQueued(null), QUEUED_MS);
    return () => clearTimeout(timer);
  }, [queued]);
  const awaiting = queued !== null && queued.from === a.refreshedAt;
  const refreshing = a.status === 'pending' || refresh.isPending || awaiting;
  return (
    <li className="ja-row">
      <div className="ja-head">
        <PlatformIcon platform={a.platform} size={22} />
        <div className="ja-ident">
          <span className="ja-judge">{name}</span>
          {isHttpUrl(a.profileUrl) ? (
            <a href={a.profileUrl} target="_blank" rel="noopener noreferrer" className="ja-handle">
              {a.handle} <ExternalLink size={12} aria-hidden />
              <span className="visually-hidden"> (opens {name} in a new tab)</span>
            </a>
          ) : (
            <span className="ja-handle">{a.handle}</span>
          )}
        </div>
        <StatusBadge account={a} />
      </div>
      <dl className="ja-figures">
        <Figure label="Rating" value={a.rating} extra={a.maxRating !== null && a.maxRating !== a.rating ? `max ${formatNumber(a.maxRating)}` : null} />
        <Figure label="Solved" value={a.solved} />
        {a.rank && <Figure label="Rank" value={a.rank} />}
        <div>
          <dt>Last refresh</dt>
          <dd>{a.refreshedAt ? <time dateTime={a.refreshedAt} title={new Date(a.refreshedAt).toLocaleString()}>{formatAge(a.ageSeconds ?? 0)}</time> : 'Not yet'}</dd>
        </div>
      </dl>
      <StatusNote account={a} />
      <div className="ja-actions">
        <Switch checked={a.public} onChange={(v) => visibility.mutate({ platform: a.platform, isPublic: v })} aria-label={`Public: show ${name} on my profile`}>
          Public
        </Switch>
        <span className="topbar-spacer" />
        <button type="button" className="btn btn-sm" onClick={() => refresh.mutate(a.platform, () => setQueued({ from: a.refreshedAt }))} disabled={refreshing} aria-label={`${refreshing ? 'Refreshing' : 'Refresh'} ${name}`}>
          <RefreshCw size={14} aria-hidden className={refreshing ? 'ja-spin' : undefined} /> {refreshing ? 'Refreshing' : 'Refresh'}
        </button>
        <button type="button" className="btn btn-sm btn-ghost ja-remove" onClick={() => onRemove(a)} aria-label={`Remove ${name} account`}>
          <Trash2 size={14} aria-hidden /> Remove
        </button>
      </div>
    </li>
  );
}

function Figure({ label, value, extra }: { label: string; value: number | string | null; extra?: string | null }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {value === null ? <span className="faint">—</span> : typeof value === 'number' ? formatNumber(value) : value}
        {extra && <span className="faint ja-extra"> · {extra}</span>}
      </dd>
    </div>
  );
}

const STATUS_LABEL: Record<JudgeAccount['status'], string> = {
  ok: 'Up to date',
  pending: 'Refreshing',
  'could-not-read': 'Could not read',
  'judge-down': 'Judge down',
  'not-found': 'Handle not found',
};

function StatusBadge({ account }: { account: JudgeAccount }) {
  return <span className={`badge ja-status ja-status-${account.status}`}>{STATUS_LABEL[account.status]}</span>;
}

/** Why the figures may be old, and how old they are; the judge's own words never reach the page as HTML. */
function StatusNote({ account: a }: { account: JudgeAccount }) {
  if (a.status === 'ok' || a.status === 'pending') return null;
  const name = judgeName(a.platform);
  const age = a.ageSeconds !== null ? ` Showing figures from ${formatAge(a.ageSeconds)}.` : '';
  const text =
    a.status === 'judge-down' ? M.judgeDown(name) : a.status === 'not-found' ? `${M.noSuchUser(name)}: was the handle renamed?` : M.couldNotRead(name);
  return (
    <p className="ja-note" role="status">
      <AlertTriangle size={14} aria-hidden /> {text}
      {age}
    </p>
  );
}

function LinkAccountForm({ token, linked }: { token: string | null; linked: string[] }) {
  const link = useLinkAccount(token);
  const [platform, setPlatform] = useState<string>(() => LINKABLE_JUDGES.find((j) => !linked.includes(j)) ?? 'leetcode');
  const [handle, setHandle] = useState('');
  const [isPublic, setPublic] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function submit(e: SyntheticEvent) {
    e.preventDefault();
    const value = handle.trim();
    if (!HANDLE_PATTERN.test(value)) {
      setError(M.handle);
      return;
    }
    setError(null);
    try {
      await link.mutateAsync({ platform, handle: value, isPublic });
      setHandle('');
      const next = LINKABLE_JUDGES.find((j) => j !== platform && !linked.includes(j));
      if (next) setPlatform(next);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Network error. Please try again.');
    }
  }

  const replacing = linked.includes(platform);
  return (
    <form className="ja-add" onSubmit={(e) => void submit(e)} noValidate aria-label="Link a judge account">
      <div className="field">
        <label htmlFor={`${id}-judge`}>Judge</label>
        <select id={`${id}-judge`} className="select" value={platform} onChange={(e) => setPlatform(e.target.value)}>
          {LINKABLE_JUDGES.map((j) => (
            <option key={j} value={j}>
              {judgeName(j)}
            </option>
          ))}
        </select>
      </div>
      <div className="field ja-handle-field">
        <label htmlFor={`${id}-handle`}>Handle</label>
        <input
          id={`${id}-handle`}
          className="input"
          value={handle}
          onChange={(e) => setHandle(e.target.value)}
          placeholder={`Your ${judgeName(platform)} handle`}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={link.isPending || !handle.trim()}>
        {link.isPending && <span className="spinner" aria-hidden />}
        {link.isPending ? 'Checking…' : replacing ? 'Replace' : 'Link account'}
      </button>
      <label className="ja-check">
        <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />
        Show it on my public profile
      </label>
      {error && (
        <p className="field-error ja-add-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
