import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { WORKSPACE_MESSAGES } from '@shared/schemas/workspace';
import { QuestionCombobox, SUGGEST_MIN_LENGTH } from '../../../components/question-combobox';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDebounced } from '../../../lib/use-debounced';
import { searchQuestions, type SearchResult } from '../api/add-question';

/** Spec §5 and §9: the search starts after more than 1 character, debounced 500 ms. */
const SEARCH_DEBOUNCE_MS = 500;

/** Suggestion search by name: a combobox whose options fill in the question's URL. */
export function QuestionSearch({ onPick }: { onPick: (question: SearchResult) => void }) {
  const [text, setText] = useState('');
  const name = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: ['question-search', name],
    queryFn: () => searchQuestions(name),
    enabled: name.length >= SUGGEST_MIN_LENGTH,
    staleTime: 5 * 60_000,
    retry: false,
  });
  useEffect(() => {
    if (!search.error) return;
    toast.error(search.error instanceof ApiError && search.error.code > 0 ? WORKSPACE_MESSAGES.searchFailed : WORKSPACE_MESSAGES.searchError);
  }, [search.error]);

  const results = name.length >= SUGGEST_MIN_LENGTH ? (search.data?.questions ?? []) : [];
  const settled = !search.isFetching && name === text.trim();
  return (
    <QuestionCombobox
      label="Search by name"
      placeholder="e.g. Two Sum"
      text={text}
      onTextChange={setText}
      items={results}
      emptyText={settled && search.isSuccess ? 'No questions found' : 'Searching…'}
      searching={search.isFetching}
      onPick={(q) => {
        setText(q.name);
        onPick(q);
      }}
      autoFocus
      inline
    />
  );
}
