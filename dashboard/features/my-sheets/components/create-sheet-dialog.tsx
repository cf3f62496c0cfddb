import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type SubmitEvent } from 'react';
import { useLocation } from 'wouter';
import { Dialog } from '../../../components/dialog';
import { toast } from '../../../lib/toast';
import { sheetListCalls, sheetListKeys } from '../../explore/api/sheet-list-queries';
import { CREATE_MESSAGES, createSheetWithUniqueSlug } from '../lib/create-sheet';

/** Create a sheet (private on creation), then open it. */
export function CreateSheetDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  // The state above re-renders too late to stop a fast double click; the ref does not.
  const busy = useRef(false);

  const close = () => {
    if (busy.current) return;
    setName('');
    setDescription('');
    setNameError(null);
    onClose();
  };

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setCreating(true);
    setNameError(null);
    try {
      const outcome = await createSheetWithUniqueSlug({ isSlugFree: sheetListCalls.validateSlug, create: sheetListCalls.createSheet }, { name, description });
      if (!outcome.ok) {
        if (outcome.field === 'name') setNameError(outcome.message);
        else toast.error(outcome.message);
        return;
      }
      toast.success(CREATE_MESSAGES.success);
      void qc.invalidateQueries({ queryKey: sheetListKeys.all });
      busy.current = false;
      close();
      navigate(`/question-tracker/sheet/${outcome.slug}`);
    } finally {
      busy.current = false;
      setCreating(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create a new sheet"
      footer={
        <>
          <button type="button" className="btn" onClick={close} disabled={creating}>
            Cancel
          </button>
          <button type="submit" form="create-sheet-form" className="btn btn-primary" disabled={creating}>
            {creating && <span className="spinner" aria-hidden />}
            Create Sheet
          </button>
        </>
      }
    >
      <form id="create-sheet-form" className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="create-sheet-name">Sheet name</label>
          <input
            id="create-sheet-name"
            className="input"
            value={name}
            maxLength={120}
            autoFocus
            aria-invalid={!!nameError}
            aria-describedby={nameError ? 'create-sheet-name-error' : undefined}
            placeholder="e.g. My Graph Practice"
            onChange={(e) => { setName(e.target.value); setNameError(null); }}
          />
          {nameError && (
            <span id="create-sheet-name-error" className="field-error" role="alert">
              {nameError}
            </span>
          )}
        </div>
        <div className="field">
          <label htmlFor="create-sheet-description">
            Description <span className="faint">(optional)</span>
          </label>
          <textarea
            id="create-sheet-description"
            className="textarea"
            value={description}
            maxLength={2000}
            placeholder="What is this sheet for?"
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <p className="field-hint">New sheets are private: only you and the people you invite can see them.</p>
      </form>
    </Dialog>
  );
}
