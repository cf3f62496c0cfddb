import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

interface InlineEditProps {
  value: string;
  /** Returns an error message to keep editing, or undefined when the value was accepted. */
  onSave: (value: string) => string | undefined;
  onCancel?: () => void;
  label: string;
  multiline?: boolean;
  className?: string;
}

/** Inline editing (spec §4): Enter saves, Escape cancels, blur saves. */
export function InlineEdit({ value, onSave, onCancel, label, multiline, className }: InlineEditProps) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const done = useRef(false);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);

  const save = () => {
    if (done.current) return;
    const err = onSave(draft.trim());
    if (err) setError(err);
    else done.current = true;
  };
  const cancel = () => {
    done.current = true;
    onCancel?.();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (!multiline || !e.shiftKey)) {
      e.preventDefault();
      save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      cancel();
    }
  };
  const props = {
    ref,
    value: draft,
    'aria-label': label,
    'aria-invalid': !!error,
    className: `${multiline ? 'textarea' : 'input'} ${className ?? ''}`,
    onChange: (e: { target: { value: string } }) => {
      setDraft(e.target.value);
      setError(null);
    },
    onKeyDown,
    onBlur: save,
  };
  return (
    <span className="inline-edit">
      {multiline ? <textarea rows={2} {...props} /> : <input {...props} />}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
