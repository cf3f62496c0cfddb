import { useQuery } from '@tanstack/react-query';
import { Check, Copy, Download, Link2, RotateCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/dialog';
import { Skeleton } from '../../../components/feedback';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/api/session';
import { useLoginPopup } from '../../auth/stores/login-popup';
import { judgeName } from '../../judge-accounts/lib/judges';
import { calendarFeedQuery, useCreateFeed, useRevokeFeed } from '../api/contest-queries';
import { allContestsHref } from '../lib/links';

/**
 * The user's subscribable calendar feed. Its address holds a secret the server keeps only hashed, so it
 * is shown once, right after it is made; rotating makes a new one and ends the old. `hasContests`: whether
 * the list shown holds any contest (the one-off calendar file is offered only then).
 */
export function CalendarFeedCard({ platform, hasContests }: { platform: string | null; hasContests: boolean }) {
  const { token, isLoggedIn } = useSession();
  const feed = useQuery(calendarFeedQuery(token));
  const create = useCreateFeed(token);
  const revoke = useRevokeFeed(token);
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'revoke' | null>(null);

  const make = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setUrl(new URL(created.url, window.location.origin).href);
        setCopied(false);
        setConfirm(null);
      },
      onError: (err) => toast.failure('Could not make the calendar feed', err),
    });
  const end = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        setConfirm(null);
        toast.success('Calendar feed revoked');
      },
      onError: (err) => toast.failure('Could not revoke the calendar feed', err),
    });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success('Feed address copied');
    } catch {
      toast.error('Could not copy: select the address and copy it yourself');
    }
  };

  return (
    <aside className="card card-pad ct-feed" aria-labelledby="ct-feed-title">
      <h2 id="ct-feed-title">
        <Link2 size={16} aria-hidden /> Calendar feed
      </h2>
      <p className="muted">Subscribe once in Google Calendar, Apple Calendar or Outlook and new contests appear by themselves.</p>
      {/* A calendar file of no contest would be empty: offered only when there is something in it. */}
      {hasContests && (
        <a className="ct-feed-download" href={allContestsHref(platform)} download>
          <Download size={14} aria-hidden /> Download {platform ? `${judgeName(platform)}’s` : 'all'} contests as a calendar file
        </a>
      )}
      {!isLoggedIn ? (
        <button type="button" className="btn" onClick={() => useLoginPopup.getState().show('login')}>
          Sign in to get your feed
        </button>
      ) : feed.isPending ? (
        <Skeleton height={38} />
      ) : feed.isError ? (
        <button type="button" className="btn" onClick={() => void feed.refetch()}>
          Could not load the feed. Try again
        </button>
      ) : url ? (
        <>
          <div className="ct-feed-url">
            <label htmlFor="ct-feed-address" className="visually-hidden">
              Calendar feed address
            </label>
            <input id="ct-feed-address" className="input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="btn btn-icon" onClick={() => void copy()} aria-label="Copy feed address">
              {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
            </button>
          </div>
          <p className="field-hint">Copy it now: for your safety it is shown only this once. Anyone with the address sees contest times, nothing else.</p>
          <FeedActions onRotate={() => setConfirm('rotate')} onRevoke={() => setConfirm('revoke')} busy={create.isPending || revoke.isPending} />
        </>
      ) : feed.data.feed ? (
        <>
          <p className="field-hint">
            Your feed is active since {new Date(feed.data.feed.createdAt).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}. Lost the address? Rotate it to get a new one.
          </p>
          <FeedActions onRotate={() => setConfirm('rotate')} onRevoke={() => setConfirm('revoke')} busy={create.isPending || revoke.isPending} />
        </>
      ) : (
        <button type="button" className="btn btn-primary" onClick={make} disabled={create.isPending}>
          {create.isPending && <span className="spinner" aria-hidden />}
          Create feed address
        </button>
      )}
      <ConfirmDialog
        open={confirm === 'rotate'}
        title="Rotate the feed address?"
        message="Calendars subscribed to the old address stop getting contests. You get a new address to subscribe with."
        confirmLabel="Rotate"
        busy={create.isPending}
        onConfirm={make}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'revoke'}
        title="Revoke the feed?"
        message="Calendars subscribed to it stop getting contests. You can make a new address later."
        confirmLabel="Revoke"
        danger
        busy={revoke.isPending}
        onConfirm={end}
        onCancel={() => setConfirm(null)}
      />
    </aside>
  );
}

function FeedActions({ onRotate, onRevoke, busy }: { onRotate: () => void; onRevoke: () => void; busy: boolean }) {
  return (
    <div className="ct-feed-actions">
      <button type="button" className="btn btn-sm" onClick={onRotate} disabled={busy}>
        <RotateCw size={14} aria-hidden /> Rotate
      </button>
      <button type="button" className="btn btn-sm btn-ghost ct-danger" onClick={onRevoke} disabled={busy}>
        <Trash2 size={14} aria-hidden /> Revoke
      </button>
    </div>
  );
}
