import { ExternalLink, NotebookPen, Pencil, Star, Tags, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { platformById } from '@shared/platforms/index';
import type { WorkspaceQuestion } from '@shared/schemas/workspace';
import { Difficulty, PlatformIcon, RateMenu } from '../../../components/question-bits';

const TAGS_SHOWN = 3;

interface RowProps {
  record: WorkspaceQuestion;
  onToggle: (change: { checked?: boolean; starred?: boolean }) => void;
  onEditTags: () => void;
  onEditQuestion: () => void;
  onRemove: () => void;
}

/** One workspace question: name, link, difficulty, tags and the actions. */
export function WorkspaceRow({ record, onToggle, onEditTags, onEditQuestion, onRemove }: RowProps) {
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
          {record.checked && <RateMenu questionId={q._id} name={q.name} />}
          <button type="button" className="icon-btn star" aria-pressed={record.starred} aria-label={`Star ${q.name}`} onClick={() => onToggle({ starred: !record.starred })}>
            <Star size={16} fill={record.starred ? 'currentColor' : 'none'} />
          </button>
          <button type="button" className="icon-btn" aria-label={`Edit tags for ${q.name}`} onClick={onEditTags}>
            <Tags size={16} />
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
