import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { Link } from 'wouter';
import type { DueAssignment } from '@shared/schemas/group';
import { useNow } from '../../../lib/use-now';
import { useSession } from '../../auth/api/session';
import { myGroupsQuery } from '../api/group-queries';
import { dueLabel, groupHref } from '../lib/links';
import './due-assignments.css';

/** The caller's group assignments with their due dates: on the workspace (the signed-in home) and the Groups tab. */
export function DueAssignments({ compact = false }: { compact?: boolean }) {
  const { token } = useSession();
  const query = useQuery(myGroupsQuery(token));
  const list = query.data?.assignments ?? [];
  if (!token || list.length === 0) return null;
  return (
    <section className={`card due-assignments${compact ? ' due-compact' : ''}`} aria-labelledby="due-assignments-title">
      <h2 id="due-assignments-title">
        <CalendarClock size={16} aria-hidden /> Due in your groups
      </h2>
      <ul>
        {list.map((a) => (
          <DueRow key={a.id} a={a} />
        ))}
      </ul>
    </section>
  );
}

function DueRow({ a }: { a: DueAssignment }) {
  const now = useNow(60_000);
  const done = a.solved + a.late;
  const overdue = new Date(a.dueAt).getTime() < now && done < a.questionCount;
  return (
    <li>
      <Link href={groupHref(a.groupId, a.id)} className="due-link">
        <span className="due-name">{a.sheetName}</span>
        <span className="due-group">{a.groupName}</span>
      </Link>
      <span className="due-progress" aria-label={`${done} of ${a.questionCount} solved`}>
        {done}/{a.questionCount}
      </span>
      <span className={`badge ${overdue ? 'badge-danger' : 'badge-muted'}`}>{dueLabel(a.dueAt)}</span>
    </li>
  );
}
