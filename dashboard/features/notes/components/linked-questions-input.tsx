import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';
import { NOTE_LINKED_MAX, NOTE_MESSAGES } from '@shared/rules/notes';
import type { NoteQuestion } from '@shared/schemas/note';
import { PlatformIcon } from '../../../components/question-bits';
import { QuestionCombobox } from '../../../components/question-combobox';
import { useDebounced } from '../../../lib/use-debounced';
import { questionSearchQuery } from '../api/notes-queries';

/** Spec §5 and §9: the suggestion search starts after more than 1 character, debounced 500 ms. */
const SEARCH_DEBOUNCE_MS = 500;

/** Other questions a note links to, picked through the catalogue's name search (a combobox). */
export function LinkedQuestionsInput({ value, onChange, ownQuestionId }: { value: NoteQuestion[]; onChange: (v: NoteQuestion[]) => void; ownQuestionId: string | null }) {
  const [text, setText] = useState('');
  const term = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery(questionSearchQuery(term));
  const results = (search.data ?? []).filter((q) => q._id !== ownQuestionId && !value.some((v) => v._id === q._id));
  const full = value.length >= NOTE_LINKED_MAX;

  const pick = (q: { _id: string; name: string; problemUrl: string; platform: string; difficulty: string }) => {
    onChange([...value, { _id: q._id, name: q.name, problemUrl: q.problemUrl, platform: q.platform, difficulty: q.difficulty }]);
    setText('');
  };

  return (
    <QuestionCombobox
      label="Linked questions"
      placeholder={full ? NOTE_MESSAGES.linkedLimit : 'Search questions by name to link'}
      text={text}
      onTextChange={setText}
      items={results}
      emptyText={search.isFetching || term !== text.trim() ? 'Searching…' : search.isError ? 'Failed to fetch questions' : NOTE_MESSAGES.noQuestions}
      searching={search.isFetching}
      onPick={pick}
      disabled={full}
    >
      {value.length > 0 && (
        <ul className="linked-list" aria-label="Linked questions">
          {value.map((q) => (
            <li key={q._id} className="chip linked-chip">
              <PlatformIcon platform={q.platform} size={14} />
              <span className="linked-name">{q.name}</span>
              <button type="button" className="chip-remove" aria-label={`Remove linked question ${q.name}`} onClick={() => onChange(value.filter((v) => v._id !== q._id))}>
                <X size={12} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </QuestionCombobox>
  );
}
