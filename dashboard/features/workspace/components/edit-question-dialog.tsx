import { useEffect, useState } from 'react';
import { difficultyChoicesFor } from '@shared/rules/difficulty';
import { WORKSPACE_MESSAGES, type WorkspaceQuestion } from '@shared/schemas/workspace';
import { Dialog } from '../../../components/dialog';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useUpdateCustomQuestion } from '../api/workspace-queries';

/** Name and difficulty of a custom (unverified) question: the user's own, seen by no one else. */
export function EditQuestionDialog({ record, onClose }: { record: WorkspaceQuestion | null; onClose: () => void }) {
  const [name, setName] = useState('');
  const [difficulty, setDifficulty] = useState('N/A');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateCustomQuestion();
  useEffect(() => {
    setName(record?.question.name ?? '');
    setDifficulty(record?.question.difficulty ?? 'N/A');
    setError(null);
  }, [record]);

  async function save() {
    if (!record) return;
    if (!name.trim()) {
      setError(WORKSPACE_MESSAGES.nameRequired);
      return;
    }
    try {
      await update.mutateAsync({ id: record._id, name: name.trim(), difficulty });
      onClose();
    } catch (err) {
      const message = err instanceof ApiError && err.code >= 400 && err.code < 500 ? err.message : 'Failed to save changes';
      setError(message);
      toast.failure(message, err);
    }
  }

  return (
    <Dialog
      open={!!record}
      onClose={onClose}
      title="Edit Question"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={update.isPending} onClick={() => void save()}>
            {update.isPending && <span className="spinner" aria-hidden />} Save
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor="eq-name">Question name</label>
        <input id="eq-name" className="input" value={name} aria-invalid={!!error} onChange={(e) => { setName(e.target.value); setError(null); }} />
      </div>
      <div className="field">
        <label htmlFor="eq-difficulty">Difficulty</label>
        <select id="eq-difficulty" className="select" value={difficulty} onChange={(e) => setDifficulty(e.target.value)}>
          {difficultyChoicesFor(record?.question.difficulty ?? 'N/A').map((d) => (
            <option key={d}>{d}</option>
          ))}
        </select>
      </div>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </Dialog>
  );
}
