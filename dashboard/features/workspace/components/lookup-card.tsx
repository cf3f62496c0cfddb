import { CheckCircle2, Info } from 'lucide-react';
import { difficultyChoicesFor } from '@shared/rules/difficulty';
import { QUESTION_MESSAGES, type UnknownQuestion } from '@shared/schemas/question';
import { platformById } from '@shared/platforms/index';
import { Difficulty, PlatformIcon } from '../../../components/question-bits';
import type { LookupResult } from '../api/add-question';

/** A catalogue question found by the lookup; says so when it is already in the workspace. */
export function FoundCard({ data }: { data: LookupResult }) {
  const q = data.question;
  const inWorkspace = !!data.document;
  return (
    <div className="ws-lookup-card" aria-live="polite">
      <div className="row">
        <PlatformIcon platform={q.platform} />
        <strong className="ws-title">{q.name}</strong>
        <Difficulty value={q.difficulty} />
      </div>
      {q.topics.length > 0 && (
        <div className="ws-tags">
          {q.topics.slice(0, 5).map((t) => (
            <span key={t} className="chip">
              {t}
            </span>
          ))}
        </div>
      )}
      {inWorkspace && (
        <p className="ws-lookup-note success" role="status">
          <CheckCircle2 size={14} aria-hidden /> {data.solved ? 'Already solved — in your workspace' : 'Already in your workspace'}. Saving updates it.
        </p>
      )}
    </div>
  );
}

interface CustomProps {
  question: UnknownQuestion;
  name: string;
  difficulty: string;
  onName: (name: string) => void;
  onDifficulty: (difficulty: string) => void;
}

/** A problem the catalogue does not know: the person names it and sets its difficulty. */
export function CustomCard({ question, name, difficulty, onName, onDifficulty }: CustomProps) {
  return (
    <div className="ws-lookup-card" aria-live="polite">
      <p className="ws-lookup-note" role="status">
        <Info size={14} aria-hidden /> {QUESTION_MESSAGES.notFound}
      </p>
      <div className="row ws-custom-fields">
        <div className="field" style={{ flex: 2 }}>
          <label htmlFor="aq-custom-name">Question name</label>
          <input id="aq-custom-name" className="input" value={name} aria-invalid={!name.trim()} onChange={(e) => onName(e.target.value)} />
        </div>
        <div className="field" style={{ flex: 1 }}>
          <label htmlFor="aq-custom-difficulty">Difficulty</label>
          <select id="aq-custom-difficulty" className="select" value={difficulty} onChange={(e) => onDifficulty(e.target.value)}>
            {difficultyChoicesFor(question.difficulty).map((d) => (
              <option key={d}>{d}</option>
            ))}
          </select>
        </div>
      </div>
      <span className="field-hint">
        {platformById(question.platform)?.name ?? question.platform} · you can edit the name and difficulty later while it is unverified.
      </span>
    </div>
  );
}
