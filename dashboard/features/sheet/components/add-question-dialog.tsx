import { useEffect, useRef, useState } from 'react';
import { exampleProblemUrl, parseProblemUrl } from '@shared/platforms/index';
import { QUESTION_MESSAGES } from '@shared/schemas/question';
import { Dialog } from '../../../components/dialog';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { sheetCalls } from '../api/sheet-queries';
import { isHttpUrl } from '@shared/rules/contests';

const LOOKUP_DELAY_MS = 1200;
const CLOSE_DELAY_MS = 2000;

interface Props {
  open: boolean;
  place: { topic: string; subTopic: string };
  topics: string[];
  subTopicsOf: (topic: string) => string[];
  onClose: () => void;
  onAdd: (input: { topic: string; subTopic: string; title: string; problemUrl: string }) => Promise<void>;
}

/** Add a question to the sheet: paste a URL; after 1.2 s idle it is looked up and the title prefilled. */
export function AddQuestionDialog({ open, place, topics, subTopicsOf, onClose, onAdd }: Props) {
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [topic, setTopic] = useState(place.topic);
  const [subTopic, setSubTopic] = useState(place.subTopic);
  const [status, setStatus] = useState<'idle' | 'checking' | 'found' | 'custom' | 'invalid' | 'saving' | 'done'>('idle');
  const titleTouched = useRef(false);

  useEffect(() => {
    if (!open) return;
    setUrl('');
    setTitle('');
    setTopic(place.topic);
    setSubTopic(place.subTopic);
    setStatus('idle');
    titleTouched.current = false;
  }, [open, place.topic, place.subTopic]);

  const valid = url.trim() !== '' && parseProblemUrl(url) !== null;
  // A web address of a site that is no judge gets the lookup's own message, not 'Please enter a valid URL'.
  const urlError = url.trim() === '' || valid ? null : isHttpUrl(url.trim()) ? QUESTION_MESSAGES.invalidPlatform : QUESTION_MESSAGES.urlInvalid;

  useEffect(() => {
    if (!valid) return;
    let cancelled = false;
    const check = async () => {
      setStatus('checking');
      try {
        const data = await sheetCalls.lookup(url.trim());
        if (cancelled) return;
        if (!titleTouched.current) setTitle(data.question.name);
        setStatus('found');
      } catch (err) {
        if (cancelled) return;
        if (err instanceof ApiError && err.code === 404) {
          toast.info('Question not found. You can still add it with a custom title.');
          setStatus('custom');
        } else if (err instanceof ApiError && err.error === 'InvalidPlatform') {
          toast.error(QUESTION_MESSAGES.invalidPlatform);
          setStatus('invalid');
        } else {
          toast.error('Error loading question details. You can still add with a custom title.');
          setStatus('custom');
        }
      }
    };
    const timer = setTimeout(() => void check(), LOOKUP_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [url, valid]);

  async function submit() {
    setStatus('saving');
    try {
      await onAdd({ topic, subTopic, title: title.trim(), problemUrl: url.trim() });
      setStatus('done');
      toast.success('Question added successfully');
      setTimeout(onClose, CLOSE_DELAY_MS);
    } catch (err) {
      setStatus('custom');
      toast.failure(err instanceof ApiError && err.code >= 400 && err.code < 500 ? err.message : 'Failed to add question', err);
    }
  }

  const busy = status === 'saving' || status === 'done';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add Question"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={!valid || busy || status === 'invalid'} onClick={() => void submit()}>
            {(status === 'saving' || status === 'checking') && <span className="spinner" aria-hidden />}
            {status === 'done' ? 'Added' : 'Add'}
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor="aq-url">Question URL</label>
        <input id="aq-url" className="input" placeholder={exampleProblemUrl('leetcode')} value={url} aria-invalid={!!urlError} onChange={(e) => { setUrl(e.target.value); setStatus('idle'); }} autoFocus />
        {urlError && <span className="field-error">{urlError}</span>}
        {status === 'checking' && <span className="field-hint">Looking up the question…</span>}
      </div>
      <div className="field">
        <label htmlFor="aq-title">Title (optional)</label>
        <input id="aq-title" className="input" value={title} onChange={(e) => { titleTouched.current = true; setTitle(e.target.value); }} />
      </div>
      <div className="row" style={{ gap: 12 }}>
        <div className="field" style={{ flex: 1 }}>
          <label htmlFor="aq-topic">Topic</label>
          <select id="aq-topic" className="select" value={topic} onChange={(e) => { setTopic(e.target.value); setSubTopic(''); }}>
            <option value="">Unassigned</option>
            {topics.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        <div className="field" style={{ flex: 1 }}>
          <label htmlFor="aq-sub">Subtopic</label>
          <select id="aq-sub" className="select" value={subTopic} disabled={!topic} onChange={(e) => setSubTopic(e.target.value)}>
            <option value="">None</option>
            {subTopicsOf(topic).map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
      </div>
    </Dialog>
  );
}
