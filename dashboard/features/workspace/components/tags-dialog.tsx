import { useEffect, useState } from 'react';
import type { WorkspaceQuestion } from '@shared/schemas/workspace';
import { Dialog } from '../../../components/dialog';
import { TagInput } from '../../../components/tag-input';

interface Props {
  record: WorkspaceQuestion | null;
  suggestions: readonly string[];
  onClose: () => void;
  onSave: (tags: string[]) => void;
}

/** Edit the custom tags of one record. */
export function TagsDialog({ record, suggestions, onClose, onSave }: Props) {
  const [tags, setTags] = useState<string[]>([]);
  useEffect(() => setTags(record?.customTags ?? []), [record]);
  return (
    <Dialog
      open={!!record}
      onClose={onClose}
      title="Edit Custom Tags"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={() => onSave(tags)}>
            Save
          </button>
        </>
      }
    >
      {record && <p className="muted">{record.question.name}</p>}
      <TagInput label="Custom tags" value={tags} onChange={setTags} suggestions={suggestions} />
    </Dialog>
  );
}
