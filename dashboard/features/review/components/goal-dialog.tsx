import { useEffect, useState, type SubmitEvent } from 'react';
import { goalSchema, REVIEW_MESSAGES, type Goal } from '@shared/schemas/review';
import { Dialog } from '../../../components/dialog';
import { useSaveGoal } from '../api/review-queries';

/** The daily goal: reviews and new problems a day, saved with PUT /review/goal. */
export function GoalDialog({ open, goal, onClose }: { open: boolean; goal: Goal; onClose: () => void }) {
  const save = useSaveGoal();
  const [reviews, setReviews] = useState(String(goal.reviews));
  const [fresh, setFresh] = useState(String(goal.newProblems));
  // The fields that are wrong: only those are marked (the message names the rule both follow).
  const [error, setError] = useState<{ fields: readonly PropertyKey[]; message: string } | null>(null);
  useEffect(() => {
    if (!open) return;
    setReviews(String(goal.reviews));
    setFresh(String(goal.newProblems));
    setError(null);
  }, [open, goal.reviews, goal.newProblems]);

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    const parsed = goalSchema.safeParse({ reviews: reviews.trim() === '' ? NaN : Number(reviews), newProblems: fresh.trim() === '' ? NaN : Number(fresh) });
    if (!parsed.success) {
      setError({ fields: parsed.error.issues.map((i) => i.path[0]).filter((f) => f !== undefined), message: REVIEW_MESSAGES.goalInvalid });
      return;
    }
    save.mutate(parsed.data, { onSuccess: onClose });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Daily goal"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="review-goal-form" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending && <span className="spinner" aria-hidden />}
            Save goal
          </button>
        </>
      }
    >
      <form id="review-goal-form" className="rv-goal-form" onSubmit={submit} noValidate>
        <p className="muted">A day counts toward your streak when both are reached.</p>
        <div className="rv-goal-fields">
          <div className="field">
            <label htmlFor="goal-reviews">Reviews a day</label>
            <input id="goal-reviews" className="input" type="number" inputMode="numeric" min={0} max={500} step={1} value={reviews} aria-invalid={!!error?.fields.includes('reviews')} aria-describedby={error?.fields.includes('reviews') ? 'goal-error' : undefined} onChange={(e) => setReviews(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="goal-new">New problems a day</label>
            <input id="goal-new" className="input" type="number" inputMode="numeric" min={0} max={500} step={1} value={fresh} aria-invalid={!!error?.fields.includes('newProblems')} aria-describedby={error?.fields.includes('newProblems') ? 'goal-error' : undefined} onChange={(e) => setFresh(e.target.value)} />
          </div>
        </div>
        {error && (
          <p id="goal-error" className="field-error" role="alert">
            {error.message}
          </p>
        )}
      </form>
    </Dialog>
  );
}
