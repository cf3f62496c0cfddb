import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Plus, Users } from 'lucide-react';
import { useId, useMemo, useState, type SubmitEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { plural } from '@shared/plural';
import { GROUP_LIMITS, GROUP_MESSAGES as M } from '@shared/rules/groups';
import { ApiError } from '../../lib/api';
import { EmptyState, LoadFailed, SkeletonList } from '../../components/feedback';
import { useSession } from '../auth/api/session';
import { assignmentsQuery, groupCalls, groupQuery, myGroupsQuery, useGroupMutation } from './api/group-queries';
import { ClassGrid } from './components/class-grid';
import { DueAssignments } from './components/due-assignments';
import { GroupView, NoGroup } from './components/group-view';
import { dueLabel, groupHref } from './lib/links';
import './groups.css';

export default function GroupsTab() {
  const params = new URLSearchParams(useSearch());
  const group = params.get('group');
  const assignment = params.get('assignment');
  const join = params.get('join');
  if (join) return <JoinPrompt code={join} />;
  if (group && assignment) return <GridPage groupId={group} assignmentId={assignment} />;
  if (group) return <GroupPage id={group} />;
  return <GroupsHome />;
}

function GroupPage({ id }: { id: string }) {
  const query = useQuery(groupQuery(id));
  if (query.error instanceof ApiError && query.error.code === 404) return <NoGroup />;
  return <GroupView id={id} />;
}

function GridPage({ groupId, assignmentId }: { groupId: string; assignmentId: string }) {
  const group = useQuery(groupQuery(groupId));
  const list = useQuery(assignmentsQuery(groupId));
  const a = list.data?.find((x) => x.id === assignmentId);
  if (group.error instanceof ApiError && group.error.code === 404) return <NoGroup />;
  return (
    <div className="grid-page">
      <Link href={groupHref(groupId)} className="back-link">
        <ArrowLeft size={14} aria-hidden /> {group.data?.group.name ?? 'Group'}
      </Link>
      <header className="page-header">
        <div>
          <h1>{a?.sheetName ?? 'Assignment'}</h1>
          {a && (
            <p>
              {plural(a.questionCount, 'question')} · {dueLabel(a.dueAt)} ({new Date(a.dueAt).toLocaleString()})
            </p>
          )}
        </div>
      </header>
      <ClassGrid groupId={groupId} assignmentId={assignmentId} />
    </div>
  );
}

function JoinPrompt({ code }: { code: string }) {
  const [, navigate] = useLocation();
  const join = useGroupMutation(() => groupCalls.join(code).then((r) => navigate(groupHref(r.group.id))), M.joined, M.joinLinkInvalid);
  return (
    <EmptyState
      icon={<Users size={22} />}
      title="Join a group"
      action={
        <div className="link-actions">
          <button type="button" className="btn btn-primary" onClick={() => join.mutate(undefined)} disabled={join.isPending}>
            Join group
          </button>
          <Link href={groupHref()} className="btn">
            Not now
          </Link>
        </div>
      }
    >
      Members see your name, your avatar and, for the questions the group assigns, whether and when you solved them. Nothing else of yours.
    </EmptyState>
  );
}

function zones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

function CreateGroup() {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const here = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const [timeZone, setTimeZone] = useState(here);
  const all = useMemo(() => zones(), []);
  const [, navigate] = useLocation();
  const ids = { name: useId(), description: useId(), zone: useId() };
  const create = useGroupMutation(
    () => groupCalls.create({ name: name.trim(), description: description.trim(), timeZone }).then((r) => navigate(groupHref(r.group.id))),
    M.created,
    M.createFailed,
  );
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    if (name.trim()) create.mutate(undefined);
  };
  return (
    <form className="card group-section create-group" onSubmit={submit} aria-labelledby="create-group-title">
      <h2 id="create-group-title">New group</h2>
      <div className="field">
        <label htmlFor={ids.name}>Name</label>
        <input id={ids.name} value={name} onChange={(e) => setName(e.target.value)} maxLength={GROUP_LIMITS.nameMax} required placeholder="Algorithms club" />
      </div>
      <div className="field">
        <label htmlFor={ids.description}>Description (optional)</label>
        <input id={ids.description} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={GROUP_LIMITS.descriptionMax} />
      </div>
      <div className="field">
        <label htmlFor={ids.zone}>Time zone for its weeks</label>
        <select id={ids.zone} value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
          {(all.includes(here) ? all : [here, ...all]).map((z) => (
            <option key={z}>{z}</option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary" disabled={create.isPending}>
        <Plus size={14} aria-hidden /> Create group
      </button>
    </form>
  );
}

function GroupsHome() {
  const { token } = useSession();
  const query = useQuery(myGroupsQuery(token));
  const accept = useGroupMutation((id: string) => groupCalls.accept(id), M.joined, M.joinFailed);
  const decline = useGroupMutation((id: string) => groupCalls.decline(id), M.inviteDeclined, M.declineFailed);
  return (
    <div className="groups">
      <header className="page-header">
        <div>
          <h1>Groups</h1>
          <p>Practise together: assignments with due dates, a class grid and weekly leaderboards.</p>
        </div>
      </header>
      {query.isError ? (
        <LoadFailed what="your groups" onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <SkeletonList rows={4} />
      ) : (
        <div className="group-columns">
          <div className="group-main">
            {query.data.invites.length > 0 && (
              <section className="card group-section" aria-labelledby="group-invites-title">
                <h2 id="group-invites-title">Invites</h2>
                <ul className="invite-list">
                  {query.data.invites.map((i) => (
                    <li key={i.groupId}>
                      <span>
                        <strong>{i.groupName}</strong>
                        {i.invitedBy && <span className="muted"> from {i.invitedBy}</span>}
                      </span>
                      <span className="link-actions">
                        <button type="button" className="btn btn-sm btn-primary" onClick={() => accept.mutate(i.groupId)}>
                          Join
                        </button>
                        <button type="button" className="btn btn-sm" onClick={() => decline.mutate(i.groupId)}>
                          Decline
                        </button>
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <DueAssignments />
            {query.data.groups.length === 0 ? (
              <EmptyState icon={<Users size={22} />} title="No groups yet">
                Create one for your club or class, or open a join link a friend sent you.
              </EmptyState>
            ) : (
              <ul className="group-cards">
                {query.data.groups.map((g) => (
                  <li key={g.id}>
                    <Link href={groupHref(g.id)} className="card group-card">
                      <span className="group-card-name">{g.name}</span>
                      <span className="muted">
                        {plural(g.memberCount, 'member')} · {g.role}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="group-side">
            <CreateGroup />
          </div>
        </div>
      )}
    </div>
  );
}
