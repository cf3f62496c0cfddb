/** A field's own error, announced, with the id its field names in aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** The ids a field is described by: its hint, and its error while it has one. */
export const describedBy = (hintId: string | null, errorId: string, message: string | undefined): string | undefined =>
  [hintId, message ? errorId : null].filter(Boolean).join(' ') || undefined;
