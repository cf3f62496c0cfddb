import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { UPLOAD_MESSAGES } from '@shared/rules/upload';
import type { ProgressImportResult } from '@shared/schemas/workspace';
import { toast } from '../../../lib/toast';
import { useRemoveImported } from '../api/progress-upload';

/**
 * The problems of an import the catalogue did not know, listed apart from the rest: a typo in a URL makes
 * one, so each can be taken back out (its record and, when nobody else has it, the question itself).
 */
export function ImportedCustom({ items }: { items: ProgressImportResult['custom'] }) {
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const remove = useRemoveImported();
  const headingId = useId();
  if (items.length === 0) return null;
  const left = items.filter((i) => !gone.has(i._id));
  const take = (ids: string[]) =>
    remove.mutate(ids, {
      onSuccess: () => {
        setGone((before) => new Set([...before, ...ids]));
        toast.success(UPLOAD_MESSAGES.customRemoved(ids.length));
      },
      onError: (err) => toast.failure(UPLOAD_MESSAGES.customRemoveFailed, err),
    });
  return (
    <section className="ws-custom" aria-labelledby={headingId}>
      <h3 id={headingId} className="ws-summary-heading">
        {UPLOAD_MESSAGES.customHeading}
      </h3>
      <p className="faint">{UPLOAD_MESSAGES.customHint}</p>
      {left.length > 0 ? (
        <ul className="ws-custom-list">
          {left.map((i) => (
            <li key={i._id}>
              <span className="faint ws-custom-row">Row {i.row}</span>
              <span className="ws-custom-url">{i.problemUrl}</span>
              <button type="button" className="btn btn-sm" disabled={remove.isPending} onClick={() => take([i._id])} aria-label={`Remove ${i.problemUrl}`}>
                <Trash2 size={14} aria-hidden /> Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p role="status">{UPLOAD_MESSAGES.customRemoved(items.length)}</p>
      )}
      {left.length > 1 && (
        <button type="button" className="btn btn-sm" disabled={remove.isPending} onClick={() => take(left.map((i) => i._id))}>
          Remove all {left.length}
        </button>
      )}
    </section>
  );
}
