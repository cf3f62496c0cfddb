import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Check, Copy, Crown, LogOut, RefreshCw, Shield, Trash2, UserMinus } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { plural } from '@shared/plural';
import { GROUP_MESSAGES as M, type GroupPeriod } from '@shared/rules/groups';
import type { GroupDetail, GroupMember } from '@shared/schemas/group';
import { AvatarFace } from '../../../components/avatar';
import { ConfirmDialog } from '../../../components/dialog';
import { EmptyState, InlineLoadFailed, LoadFailed, SkeletonList } from '../../../components/feedback';
import { useCopy } from '../../../lib/clipboard';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/api/session';
import { mySheetsQuery } from '../../explore/api/sheet-list-queries';
import { sheetQuery } from '../../sheet/api/sheet-queries';
import { sheetOrder } from '../../sheet/lib/tree';
import { assignmentsQuery, groupBoardQuery, groupCalls, groupQuery, useGroupMutation, useRemoveMember } from '../api/group-queries';
import { dueLabel, groupHref, joinLink } from '../lib/links';
import { parsePlaces } from '../lib/places';

export function GroupView({ id }: { id: string }) {
  const query = useQuery(groupQuery(id));
  if (query.isError) return <LoadFailed what="the group" onRetry={() => void query.refetch()} />;
  if (!query.data) return <SkeletonList rows={6} />;
  const detail = query.data;
  const staff = detail.group.role !== 'member';
  return (
    <div className="group-view">
      <Link href={groupHref()} className="back-link">
        <ArrowLeft size={14} aria-hidden /> All groups
      </Link>
      <header className="page-header">
        <div>
          <h1>{detail.group.name}</h1>
          <p>
            {detail.group.description || 'No description'} · {plural(detail.group.memberCount, 'member')} · weeks in {detail.group.timeZone} · you are{' '}
            {detail.group.role === 'owner' ? 'the owner' : `a ${detail.group.role}`}
          </p>
        </div>
      </header>
      <div className="group-columns">
        <div className="group-main">
          <Assignments detail={detail} staff={staff} />
          <Board detail={detail} />
        </div>
        <div className="group-side">
          <Members detail={detail} />
          {staff && <Invite detail={detail} />}
          <DangerZone detail={detail} />
        </div>
      </div>
    </div>
  );
}

function Assignments({ detail, staff }: { detail: GroupDetail; staff: boolean }) {
  const id = detail.group.id;
  const list = useQuery(assignmentsQuery(id));
  return (
    <section className="card group-section" aria-labelledby={`assignments-${id}`}>
      <h2 id={`assignments-${id}`}>Assignments</h2>
      {staff && <NewAssignment groupId={id} />}
      {list.isError ? (
        <InlineLoadFailed what="the assignments" onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <SkeletonList rows={3} />
      ) : list.data.length === 0 ? (
        <p className="muted">No assignments yet.{staff ? ' Assign a sheet above.' : ''}</p>
      ) : (
        <ul className="assignment-list">
          {list.data.map((a) => (
            <li key={a.id}>
              <Link href={groupHref(id, a.id)} className="assignment-link">
                <span className="assignment-name">{a.sheetName}</span>
                <span className="muted">{plural(a.questionCount, 'question')}</span>
              </Link>
              <span className="due-progress">
                you: {a.solved + a.late}/{a.questionCount}
              </span>
              <span className="badge badge-muted">{dueLabel(a.dueAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NewAssignment({ groupId }: { groupId: string }) {
  const { token } = useSession();
  const sheets = useQuery(mySheetsQuery(token));
  const [sheetId, setSheetId] = useState('');
  const [due, setDue] = useState('');
  const [part, setPart] = useState('');
  const ids = { sheet: useId(), due: useId(), part: useId() };
  const assign = useGroupMutation(
    (body: { sheetId: string; dueAt: string; questionIds?: string[] }) => groupCalls.assign(groupId, body),
    M.assigned,
    M.assignFailed,
    () => setPart(''),
  );
  const options = sheets.data ? [...sheets.data.custom, ...sheets.data.shared, ...sheets.data.followed] : [];
  const slug = options.find((s) => s._id === sheetId)?.slug ?? '';
  // The sheet's questions in its order, read only when a part is asked for.
  const sheet = useQuery({ ...sheetQuery(slug, token), enabled: !!slug && !!part.trim() });
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    if (!sheetId || !due) return toast.error(M.assignNeeds);
    let questionIds: string[] | undefined;
    if (part.trim()) {
      const places = parsePlaces(part);
      if (!places) return toast.error(M.placesFormat);
      if (!sheet.data) return toast.error(M.sheetLoading);
      // Places count as the sheet page shows them, the order the server gives the assignment too.
      const { config } = sheet.data.sheet;
      const ordered = sheetOrder(sheet.data.mappings, config).map((m) => m.questionId._id);
      questionIds = places.flatMap((p) => ordered[p - 1] ?? []);
      if (questionIds.length === 0) return toast.error(M.placesOutside(ordered.length));
    }
    assign.mutate({ sheetId, dueAt: new Date(due).toISOString(), ...(questionIds && { questionIds }) });
  };
  return (
    <form className="new-assignment" onSubmit={submit} aria-label="New assignment">
      <div className="field">
        <label htmlFor={ids.sheet}>Sheet</label>
        <select id={ids.sheet} value={sheetId} onChange={(e) => setSheetId(e.target.value)} required>
          <option value="">Choose a sheet…</option>
          {options.map((s) => (
            <option key={s._id} value={s._id}>
              {s.name} ({s.totalQuestions})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.due}>Due</label>
        <input id={ids.due} type="datetime-local" value={due} onChange={(e) => setDue(e.target.value)} required />
      </div>
      <PartPicker sheetId={sheetId} value={part} onChange={setPart} id={ids.part} />
      {/* A part needs the sheet's questions: the button waits while they load. */}
      <button type="submit" className="btn btn-primary" disabled={assign.isPending || (!!part.trim() && sheet.isFetching && !sheet.data)}>
        Assign
      </button>
    </form>
  );
}

/** Part of a sheet, by the questions' places in it ("1-10, 15"); empty for the whole sheet. */
function PartPicker({ sheetId, value, onChange, id }: { sheetId: string; value: string; onChange: (v: string) => void; id: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>Questions (optional)</label>
      <input id={id} value={value} onChange={(e) => onChange(e.target.value)} placeholder="Whole sheet" disabled={!sheetId} aria-describedby={`${id}-hint`} />
      <span id={`${id}-hint`} className="hint">
        Leave empty for the whole sheet, or give places such as 1-10, 15
      </span>
    </div>
  );
}

function Board({ detail }: { detail: GroupDetail }) {
  const [period, setPeriod] = useState<GroupPeriod>('week');
  const id = detail.group.id;
  const board = useQuery(groupBoardQuery(id, period));
  const { user: me } = useSession();
  const hide = useGroupMutation(
    (hidden: boolean) => groupCalls.hide(id, me?._id ?? '', hidden),
    detail.group.hideFromLeaderboards ? M.backOnBoards : M.hiddenFromBoards,
    M.hideFailed,
  );
  const label = useId();
  return (
    <section className="card group-section" aria-labelledby={label}>
      <div className="section-head">
        <h2 id={label}>Leaderboard</h2>
        <div className="segmented" role="group" aria-label="Period">
          {(['week', 'all'] as const).map((p) => (
            <button key={p} type="button" aria-pressed={period === p} onClick={() => setPeriod(p)}>
              {p === 'week' ? 'This week' : 'All time'}
            </button>
          ))}
        </div>
      </div>
      <p className="muted">Assigned questions solved{period === 'week' ? ` since Monday (${detail.group.timeZone})` : ''}; ties go to whoever got there first.</p>
      {board.isError ? (
        <InlineLoadFailed what="the leaderboard" onRetry={() => void board.refetch()} />
      ) : !board.data ? (
        <SkeletonList rows={3} />
      ) : board.data.rows.length === 0 ? (
        <p className="muted">Nobody to rank yet.</p>
      ) : (
        <ol className="group-board">
          {board.data.rows.map((r) => (
            <li key={r.userId}>
              <span className="rank">{r.rank}</span>
              <span className="avatar avatar-sm" aria-hidden>
                <AvatarFace person={{ firstName: r.name, secondName: '', imageUrl: r.imageUrl }} />
              </span>
              <span className="board-name">{r.name}</span>
              <span className="board-value">{r.solved}</span>
            </li>
          ))}
        </ol>
      )}
      <label className="check-line">
        <input type="checkbox" checked={detail.group.hideFromLeaderboards} onChange={(e) => hide.mutate(e.target.checked)} disabled={hide.isPending || !me} /> Hide me from this group’s
        leaderboards (you stay in its assignments)
      </label>
    </section>
  );
}

function Members({ detail }: { detail: GroupDetail }) {
  const id = detail.group.id;
  const { user: me } = useSession();
  const owner = detail.group.role === 'owner';
  const remove = useRemoveMember(id);
  const role = useGroupMutation((a: { userId: string; role: 'mentor' | 'member' | 'owner' }) => groupCalls.setRole(id, a.userId, a.role), M.roleChanged, M.roleFailed);
  const [handOver, setHandOver] = useState<GroupMember | null>(null);
  return (
    <section className="card group-section" aria-labelledby={`members-${id}`}>
      <h2 id={`members-${id}`}>Members</h2>
      <ul className="member-list" aria-label="Members">
        {detail.members.map((m) => (
          <li key={m.userId}>
            <span className="avatar avatar-sm" aria-hidden>
              <AvatarFace person={{ firstName: m.name, secondName: '', imageUrl: m.imageUrl }} />
            </span>
            <span className="member-name">
              {m.name}
              {m.userId === me?._id && <span className="muted"> (you)</span>}
            </span>
            <span className={`chip role-${m.role}`}>
              {m.role === 'owner' ? <Crown size={12} aria-hidden /> : m.role === 'mentor' ? <Shield size={12} aria-hidden /> : null} {m.role}
            </span>
            {owner && m.role !== 'owner' && (
              <span className="member-actions">
                {/* Each name starts with the visible words and ends with the member's, telling one row's buttons from the next. */}
                <button
                  type="button"
                  className="btn btn-sm"
                  aria-label={`${m.role === 'mentor' ? 'Make member' : 'Make mentor'}: ${m.name}`}
                  onClick={() => role.mutate({ userId: m.userId, role: m.role === 'mentor' ? 'member' : 'mentor' })}
                >
                  {m.role === 'mentor' ? 'Make member' : 'Make mentor'}
                </button>
                <button type="button" className="btn btn-sm" aria-label={`Hand over to ${m.name}`} onClick={() => setHandOver(m)}>
                  Hand over
                </button>
                <button type="button" className="btn btn-sm btn-icon" aria-label={`Remove ${m.name}`} onClick={() => remove.mutate(m.userId)}>
                  <UserMinus size={14} aria-hidden />
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={!!handOver}
        title="Hand the group over?"
        message={`${handOver?.name ?? ''} becomes the owner; you stay on as a mentor.`}
        confirmLabel="Hand over"
        busy={role.isPending}
        onConfirm={() => {
          if (handOver) role.mutate({ userId: handOver.userId, role: 'owner' });
          setHandOver(null);
        }}
        onCancel={() => setHandOver(null)}
      />
    </section>
  );
}

function Invite({ detail }: { detail: GroupDetail }) {
  const id = detail.group.id;
  const owner = detail.group.role === 'owner';
  const [email, setEmail] = useState('');
  const emailId = useId();
  const invite = useGroupMutation((e: string) => groupCalls.invite(id, e), M.inviteSent, M.inviteFailed, () => setEmail(''));
  const link = useGroupMutation((body: { joinLinkEnabled?: boolean; renewCode?: true }) => groupCalls.update(id, body), M.joinLinkChanged, M.joinLinkFailed);
  const code = detail.group.inviteCode;
  const url = code ? joinLink(code) : '';
  const { copied, copy } = useCopy();
  return (
    <section className="card group-section" aria-labelledby={`invite-${id}`}>
      <h2 id={`invite-${id}`}>Invite</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (email.trim()) invite.mutate(email.trim());
        }}
      >
        <label htmlFor={emailId} className="visually-hidden">
          E-mail address to invite
        </label>
        <input id={emailId} type="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="name@example.com" required />
        <button type="submit" className="btn" disabled={invite.isPending}>
          Invite
        </button>
      </form>
      {detail.invites.length > 0 && <p className="muted">Waiting: {detail.invites.map((i) => i.email).join(', ')}</p>}
      <div className="join-link">
        <span className="label">Join link {detail.group.joinLinkEnabled ? '' : '(off)'}</span>
        <div className="inline-form">
          <input value={url} readOnly aria-label="Join link" disabled={!detail.group.joinLinkEnabled} />
          <button
            type="button"
            className="btn btn-icon"
            aria-label="Copy join link"
            disabled={!detail.group.joinLinkEnabled}
            onClick={() => void copy(url)}
          >
            {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
          </button>
        </div>
        {owner && (
          <div className="link-actions">
            <button type="button" className="btn btn-sm" onClick={() => link.mutate({ joinLinkEnabled: !detail.group.joinLinkEnabled })}>
              {detail.group.joinLinkEnabled ? 'Turn off' : 'Turn on'}
            </button>
            <button type="button" className="btn btn-sm" onClick={() => link.mutate({ renewCode: true })}>
              <RefreshCw size={12} aria-hidden /> New link
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

function DangerZone({ detail }: { detail: GroupDetail }) {
  const id = detail.group.id;
  const { user: me } = useSession();
  const [, navigate] = useLocation();
  const [confirm, setConfirm] = useState(false);
  const owner = detail.group.role === 'owner';
  const leave = useGroupMutation(() => groupCalls.removeMember(id, me?._id ?? ''), M.left, M.leaveFailed, () => navigate(groupHref()));
  const remove = useGroupMutation(() => groupCalls.remove(id), M.deleted, M.deleteFailed, () => navigate(groupHref()));
  return (
    <section className="card group-section">
      {owner ? (
        <button type="button" className="btn btn-danger" onClick={() => setConfirm(true)}>
          <Trash2 size={14} aria-hidden /> Delete group
        </button>
      ) : (
        <button type="button" className="btn" onClick={() => setConfirm(true)}>
          <LogOut size={14} aria-hidden /> Leave group
        </button>
      )}
      <ConfirmDialog
        open={confirm}
        danger
        title={owner ? 'Delete this group?' : 'Leave this group?'}
        message={owner ? 'Its members, assignments and leaderboards go for everyone. Nobody’s own records change.' : 'You disappear from its grids and leaderboards at once.'}
        confirmLabel={owner ? 'Delete' : 'Leave'}
        busy={leave.isPending || remove.isPending}
        onConfirm={() => {
          setConfirm(false);
          if (owner) remove.mutate(undefined);
          else leave.mutate(undefined);
        }}
        onCancel={() => setConfirm(false)}
      />
    </section>
  );
}

export function NoGroup() {
  return (
    <EmptyState title="Group not found">
      It may have been deleted, or you are no longer in it. <Link href={groupHref()}>Back to your groups</Link>
    </EmptyState>
  );
}
