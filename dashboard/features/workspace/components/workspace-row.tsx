import { ExternalLink, FileCode2, NotebookPen, Pencil, Star, Tags, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { platformById } from '@shared/platforms/index';
import { formatAttempts, formatTimeSpent, suggestRating } from '@shared/rules/solutions';
import type { WorkspaceQuestion } from '@shared/schemas/workspace';
import { Difficulty, PlatformIcon, RateMenu } from '../../../components/question-bits';

const TAGS_SHOWN = 3;

interface RowProps {
  record: WorkspaceQuestion;
  onToggle: (change: { checked?: boolean; starred?: boolean }) => void;
  onEditTags: () => void;
  onEditQuestion: () => void;
  onRemove: () => void;
  onSolutions: () => void;
}

/** One workspace question: name, link, difficulty, tags and the actions. */
export function WorkspaceRow({ record, onToggle, onEditTags, onEditQuestion, onRemove, onSolutions }: RowProps) {
  const q = record.question;
  const platform = platformById(q.platform)?.name ?? q.platform;
  const extra = record.customTags.length - TAGS_SHOWN;
  return (
    <tr className={record.checked ? 'ws-row solved' : 'ws-row'} data-testid="workspace-row">
      <td className="ws-name-cell">
        <div className="ws-name">
          <PlatformIcon platform={q.platform} />
          <span className="ws-title" title={q.name}>
            {q.name}
          </span>
          {!q.verified && <span className="badge ws-custom">Custom</span>}
          {record.editable && (
            <button type="button" className="icon-btn ws-inline-btn" aria-label={`Edit ${q.name}`} onClick={onEditQuestion}>
              <Pencil size={13} />
            </button>
          )}
        </div>
      </td>
      <td className="ws-link-cell">
        <a href={q.problemUrl} target="_blank" rel="noopener noreferrer" className="ws-link" aria-label={`Open ${q.name} on ${platform}`}>
          {platform} <ExternalLink size={13} aria-hidden />
        </a>
      </td>
      <td>
        <Difficulty value={q.difficulty} />
      </td>
      <td className="ws-num-cell" data-empty={record.attempts === null || undefined}>
        {record.attempts === null ? <span className="faint">—</span> : <span title="Wrong attempts before the latest kept solution">{formatAttempts(record.attempts)}</span>}
      </td>
      <td className="ws-num-cell" data-empty={record.timeSpentSec === null || undefined}>
        {record.timeSpentSec === null ? <span className="faint">—</span> : <span title="Time spent on the latest kept solution">{formatTimeSpent(record.timeSpentSec)}</span>}
      </td>
      <td className="ws-tags-cell">
        <div className="ws-tags">
          {record.customTags.slice(0, TAGS_SHOWN).map((t) => (
            <span key={t} className="chip" title={t}>
              {t}
            </span>
          ))}
          {extra > 0 && (
            <span className="chip" title={record.customTags.slice(TAGS_SHOWN).join(', ')}>
              +{extra}
            </span>
          )}
          {record.customTags.length === 0 && <span className="faint">—</span>}
        </div>
      </td>
      <td>
        <div className="ws-actions">
          <label className="ws-tick" title={record.checked ? 'Marked as solved' : 'Mark as solved'}>
            <input type="checkbox" checked={record.checked} aria-label={`Mark ${q.name} as solved`} onChange={(e) => onToggle({ checked: e.target.checked })} />
          </label>
          {record.checked && <RateMenu questionId={q._id} name={q.name} suggested={suggestRating(record)} />}
          <button type="button" className="icon-btn star" aria-pressed={record.starred} aria-label={`Star ${q.name}`} onClick={() => onToggle({ starred: !record.starred })}>
            <Star size={16} fill={record.starred ? 'currentColor' : 'none'} />
          </button>
          <button type="button" className="icon-btn" aria-label={`Edit tags for ${q.name}`} onClick={onEditTags}>
            <Tags size={16} />
          </button>
          <button type="button" className="icon-btn ws-sol-btn" aria-label={`Solutions for ${q.name}${record.solutions ? ` (${record.solutions} kept)` : ''}`} onClick={onSolutions}>
            <FileCode2 size={16} />
            {record.solutions > 0 && <span className="ws-sol-count" aria-hidden>{record.solutions}</span>}
          </button>
          <Link href={`/question-tracker?tab=notes&questionId=${encodeURIComponent(q._id)}`} className="icon-btn" aria-label={`Notes for ${q.name}`}>
            <NotebookPen size={16} />
          </Link>
          <button type="button" className="icon-btn ws-danger" aria-label={`Remove ${q.name}`} onClick={onRemove}>
            <Trash2 size={16} />
          </button>
        </div>
      </td>
    </tr>
  );
}
