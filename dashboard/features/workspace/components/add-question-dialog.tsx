import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toHttpUrl } from '@shared/platforms/url';
import { exampleProblemUrl } from '@shared/platforms/index';
import { QUESTION_MESSAGES, type UnknownQuestion } from '@shared/schemas/question';
import { DEFAULT_NOTE_TITLE } from '@shared/rules/notes';
import { WORKSPACE_MESSAGES, type SolveQuestionBody } from '@shared/schemas/workspace';
import { Dialog } from '../../../components/dialog';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/api/session';
import { lookupQuestion, useSolveQuestion, type LookupResult } from '../api/add-question';
import { filterOptionsQuery } from '../api/workspace-queries';
import { textToNoteHtml } from '../lib/note-html';
import { useDebounced } from '../../../lib/use-debounced';
import { Switch } from '../../../components/switch';
import { CustomCard, FoundCard } from './lookup-card';
import { QuestionSearch } from './question-search';
import { TagInput } from '../../../components/tag-input';

/** Spec §5: the URL is checked after an 800 ms pause. */
const URL_CHECK_MS = 800;

type Lookup =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'found'; data: LookupResult }
  | { kind: 'custom'; question: UnknownQuestion }
  | { kind: 'problem'; message: string };

const looksLikeUrl = (value: string) => {
  const url = toHttpUrl(value);
  return !!url && /\.[a-z]{2,}$/i.test(url.hostname);
};

/** Add Question: a URL (or a pick from the name search), the lookup, then tick, star, tags and a first note. */
export function AddQuestionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { token } = useSession();
  const options = useQuery(filterOptionsQuery(token));
  const solve = useSolveQuestion();
  const [mode, setMode] = useState<'url' | 'search'>('url');
  const [url, setUrl] = useState('');
  const [touched, setTouched] = useState(false);
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' });
  const [customName, setCustomName] = useState('');
  const [customDifficulty, setCustomDifficulty] = useState('N/A');
  const [checked, setChecked] = useState(false);
  const [starred, setStarred] = useState(false);
  const [tags, setTags] = useState<string[]>([]);
  const [noteOpen, setNoteOpen] = useState(false);
  const [noteTitle, setNoteTitle] = useState(DEFAULT_NOTE_TITLE);
  const [noteText, setNoteText] = useState('');
  const looked = useRef('');
  const settled = useDebounced(url.trim(), URL_CHECK_MS);

  // Emptied as it closes, not as it opens: on opening, the lookup below would still see the last URL
  // for one render and look it up again, filling the new question's tick, star and tags from the old one.
  // A lookup still running when it closes is dropped (looked.current no longer names it).
  useEffect(() => {
    if (open) return;
    setMode('url');
    setUrl('');
    setTouched(false);
    setLookup({ kind: 'idle' });
    setChecked(false);
    setStarred(false);
    setTags([]);
    setNoteOpen(false);
    setNoteTitle(DEFAULT_NOTE_TITLE);
    setNoteText('');
    looked.current = '';
  }, [open]);

  async function run(target: string) {
    looked.current = target;
    setLookup({ kind: 'checking' });
    const outcome = await lookupQuestion(target);
    if (looked.current !== target) return; // a newer URL was typed meanwhile
    if (outcome.kind === 'found') {
      setLookup({ kind: 'found', data: outcome.data });
      const doc = outcome.data.document;
      if (doc) { setChecked(doc.checked); setStarred(doc.starred); setTags(doc.customTags); }
    } else if (outcome.kind === 'custom') {
      setLookup({ kind: 'custom', question: outcome.question });
      setCustomName(outcome.question.name);
      setCustomDifficulty(outcome.question.difficulty);
    } else if (outcome.kind === 'invalidPlatform') {
      toast.error(WORKSPACE_MESSAGES.invalidPlatform);
      setLookup({ kind: 'problem', message: WORKSPACE_MESSAGES.invalidPlatform });
    } else if (outcome.kind === 'invalidUrl') {
      setLookup({ kind: 'problem', message: outcome.message });
    } else {
      toast.failure(WORKSPACE_MESSAGES.fetchFailed, outcome.error);
      setLookup({ kind: 'problem', message: WORKSPACE_MESSAGES.fetchFailed });
    }
  }

  useEffect(() => {
    if (!open || settled !== url.trim() || settled === looked.current) return;
    looked.current = settled;
    if (!settled) setLookup(touched ? { kind: 'problem', message: QUESTION_MESSAGES.urlRequired } : { kind: 'idle' });
    else if (!looksLikeUrl(settled)) setLookup({ kind: 'problem', message: QUESTION_MESSAGES.urlInvalid });
    else void run(settled);
  }, [open, settled, url, touched]);

  const ready = lookup.kind === 'found' || (lookup.kind === 'custom' && customName.trim().length > 0);

  async function submit() {
    if (!ready) {
      if (!url.trim()) setLookup({ kind: 'problem', message: QUESTION_MESSAGES.urlRequired });
      return;
    }
    const body: SolveQuestionBody = {
      questionId: lookup.kind === 'found' ? lookup.data.question._id : null,
      customTags: tags,
      sheetsIn: [],
      custom:
        lookup.kind === 'custom'
          ? { ...lookup.question, name: customName.trim(), difficulty: customDifficulty }
          : null,
      checked,
      starred,
      note: noteOpen && noteText.trim() ? { note: textToNoteHtml(noteText), title: noteTitle.trim() || DEFAULT_NOTE_TITLE, tags: [], questionsLinked: [] } : null,
    };
    try {
      await solve.mutateAsync(body);
      toast.success(WORKSPACE_MESSAGES.added);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.error === 'InvalidPlatform') toast.error(WORKSPACE_MESSAGES.invalidPlatform);
      else if (err instanceof ApiError && err.code > 0) toast.error(WORKSPACE_MESSAGES.submitFailed);
      else toast.error(WORKSPACE_MESSAGES.submitError);
    }
  }

  const problem = lookup.kind === 'problem' ? lookup.message : null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title="Add Question"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={!ready || solve.isPending} onClick={() => void submit()}>
            {solve.isPending && <span className="spinner" aria-hidden />}
            {lookup.kind === 'found' && lookup.data.document ? 'Update Question' : 'Add Question'}
          </button>
        </>
      }
    >
      <div className="ws-scroll-body" />
      <div className="segmented ws-mode" role="group" aria-label="Find the question">
        <button type="button" aria-pressed={mode === 'url'} onClick={() => setMode('url')}>
          Paste URL
        </button>
        <button type="button" aria-pressed={mode === 'search'} onClick={() => setMode('search')}>
          Search by name
        </button>
      </div>
      {mode === 'url' ? (
        <div className="field">
          <label htmlFor="aq-url">Question URL</label>
          <input
            id="aq-url"
            className="input"
            placeholder={exampleProblemUrl('leetcode')}
            value={url}
            aria-invalid={!!problem}
            aria-describedby="aq-url-status"
            onChange={(e) => {
              const next = e.target.value;
              setUrl(next);
              setTouched(true);
              if (next.trim() !== looked.current) setLookup({ kind: 'idle' });
            }}
            autoFocus
          />
          <span id="aq-url-status" className={problem ? 'field-error' : 'field-hint'} role={problem ? 'alert' : undefined}>
            {problem ?? (lookup.kind === 'checking' ? 'Looking up the question…' : 'Paste a problem link from LeetCode, Codeforces, GeeksforGeeks and more')}
          </span>
        </div>
      ) : (
        <QuestionSearch
          onPick={(q) => {
            setMode('url');
            setUrl(q.problemUrl);
            setTouched(true);
            void run(q.problemUrl.trim());
          }}
        />
      )}
      {lookup.kind === 'checking' && <div className="skeleton" style={{ height: 64 }} aria-label="Looking up the question" />}
      {lookup.kind === 'found' && <FoundCard data={lookup.data} />}
      {lookup.kind === 'custom' && (
        <CustomCard question={lookup.question} name={customName} difficulty={customDifficulty} onName={setCustomName} onDifficulty={setCustomDifficulty} />
      )}
      <div className="row ws-switches">
        <Switch checked={checked} onChange={setChecked}>
          Checked
        </Switch>
        <Switch checked={starred} onChange={setStarred}>
          Starred
        </Switch>
      </div>
      <TagInput label="Custom tags" value={tags} onChange={setTags} suggestions={options.data?.customTags ?? []} />
      <button type="button" className="btn btn-ghost btn-sm ws-disclosure" aria-expanded={noteOpen} onClick={() => setNoteOpen((o) => !o)}>
        {noteOpen ? <ChevronDown size={14} /> : <ChevronRight size={14} />} Add a note (optional)
      </button>
      {noteOpen && (
        <div className="stack">
          <div className="field">
            <label htmlFor="aq-note-title">Note title</label>
            <input id="aq-note-title" className="input" value={noteTitle} onChange={(e) => setNoteTitle(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="aq-note">Note</label>
            <textarea id="aq-note" className="textarea" rows={3} placeholder="Your approach, edge cases, complexity…" value={noteText} onChange={(e) => setNoteText(e.target.value)} />
          </div>
        </div>
      )}
    </Dialog>
  );
}
