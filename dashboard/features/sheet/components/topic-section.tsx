import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { createContext, memo, useContext, useState, type ReactNode } from 'react';
import type { Mapping } from '@shared/schemas/sheet';
import { InlineEdit } from '../../../components/inline-edit';
import { ProgressBar } from '../../../components/question-bits';
import { progressOf, subTopicDragId, topicDragId } from '../lib/tree';
import { DragHandle } from './drag-handle';
import { Icon } from './icons';
import { useNearViewport } from './near-viewport';

interface SectionEdit {
  canEdit: boolean;
  rename: (name: string) => string | undefined;
  remove: () => void;
  addQuestion: () => void;
}

interface SectionProps {
  kind: 'topic' | 'subtopic';
  topic: string;
  name: string;
  /** All questions inside, for the progress figure. */
  questions: Mapping[];
  solved: Set<string>;
  edit: SectionEdit;
  defaultOpen: boolean;
  children: ReactNode;
  extraActions?: ReactNode;
  /** Draw the body only near the viewport (long sheets); `estimate` is its height in px until first drawn. */
  lazy?: { estimate: number };
}

/**
 * Which sections the user opened or collapsed, by kind, topic and name, for the tree's life. A section
 * is drawn again from scratch when its topic's body comes back near the viewport or is opened again,
 * and keeps the state the user left it in rather than its default.
 */
export const SectionMemory = createContext<Map<string, boolean> | null>(null);

/** The memory's key for a section. */
export const sectionKey = (kind: 'topic' | 'subtopic', topic: string, name: string) => JSON.stringify([kind, topic, name]);

/** The last Expand all / Collapse all, a new object each time; sections drawn then follow it. */
export const SectionsCommand = createContext<{ open: boolean } | null>(null);

/**
 * The last section to open for a question it holds (Continue where you left off), a new object each time:
 * that topic and subtopic open if drawn; sections not drawn find it in SectionMemory when they are.
 */
export const SectionsReveal = createContext<{ topic: string; subTopic: string } | null>(null);

/** A collapsible, sortable topic or subtopic (through the grip in its bar) with its header actions and progress. */
export function Section({ kind, topic, name, questions, solved, edit, defaultOpen, children, extraActions, lazy }: SectionProps) {
  const memory = useContext(SectionMemory);
  const key = sectionKey(kind, topic, name);
  const [open, setOpen] = useState(() => memory?.get(key) ?? defaultOpen);
  // Expand all / Collapse all: sections not drawn now read it from the memory when they are.
  const command = useContext(SectionsCommand);
  const [followed, setFollowed] = useState(command);
  if (command !== followed) {
    setFollowed(command);
    if (command) setOpen(command.open);
  }
  const reveal = useContext(SectionsReveal);
  const [revealed, setRevealed] = useState(reveal);
  if (reveal !== revealed) {
    setRevealed(reveal);
    if (reveal && reveal.topic === topic && (kind === 'topic' || reveal.subTopic === name)) setOpen(true);
  }
  const toggle = () => {
    memory?.set(key, !open);
    setOpen(!open);
  };
  const body = useNearViewport(!!lazy, defaultOpen || undefined);
  const p = progressOf(questions, solved);

  return (
    <section
      className={`${kind}-section`}
      data-section-key={key}
      aria-label={`${kind === 'topic' ? 'Topic' : 'Subtopic'} ${name}`}
    >
      <SectionBar
        kind={kind}
        topic={topic}
        name={name}
        open={open}
        toggle={toggle}
        done={p.done}
        total={p.total}
        percent={p.percent}
        edit={edit}
        extraActions={extraActions}
      />
      {open && (
        <div ref={body.ref} className="section-body" style={body.near ? undefined : { height: body.height || lazy?.estimate }}>
          {body.near && children}
        </div>
      )}
    </section>
  );
}

interface BarProps {
  kind: 'topic' | 'subtopic';
  topic: string;
  name: string;
  open: boolean;
  toggle: () => void;
  done: number;
  total: number;
  percent: number;
  edit: SectionEdit;
  extraActions?: ReactNode;
}

/** The section's header: its grip, name, progress and actions. */
const SectionBar = memo(function SectionBar({ kind, topic, name, open, toggle, done, total, percent, edit, extraActions }: BarProps) {
  const [renaming, setRenaming] = useState(false);
  const Heading = kind === 'topic' ? 'h3' : 'h4';
  return (
    <header className="section-bar">
      {edit.canEdit && (
        <DragHandle
          id={kind === 'topic' ? topicDragId(name) : subTopicDragId(topic, name)}
          data={{ type: kind, topic, name }}
          label={`Drag ${kind} ${name}`}
          frame={`.${kind}-section`}
        />
      )}
      <button type="button" className="icon-btn" aria-expanded={open} aria-label={open ? `Collapse ${name}` : `Expand ${name}`} onClick={toggle}>
        {open ? <ChevronDown size={16} /> : <ChevronRight size={16} />}
      </button>
      {renaming ? (
        <InlineEdit
          value={name}
          label={`Rename ${kind} ${name}`}
          onSave={(v) => {
            const err = edit.rename(v);
            if (!err) setRenaming(false);
            return err;
          }}
          onCancel={() => setRenaming(false)}
        />
      ) : (
        <Heading className="section-name" onDoubleClick={() => edit.canEdit && setRenaming(true)}>
          {name}
        </Heading>
      )}
      <span className="section-progress faint">
        {done}/{total}
      </span>
      <div className="section-progress-bar">
        <ProgressBar percent={percent} label={`${name} progress`} />
      </div>
      <span className="topbar-spacer" />
      {edit.canEdit && (
        <span className="section-actions">
          {extraActions}
          <button type="button" className="icon-btn" aria-label={`Add question to ${name}`} onClick={edit.addQuestion}>
            <Icon name="plus" />
          </button>
          <button type="button" className="icon-btn" aria-label={`Rename ${name}`} onClick={() => setRenaming(true)}>
            <Icon name="pencil" size={15} />
          </button>
          <button type="button" className="icon-btn" aria-label={`Delete ${name}`} onClick={edit.remove}>
            <Icon name="trash" size={15} />
          </button>
        </span>
      )}
    </header>
  );
});

export function SubTopicList({ topic, names, children }: { topic: string; names: string[]; children: ReactNode }) {
  return (
    <SortableContext id={`subs:${topic}`} items={names.map((n) => subTopicDragId(topic, n))} strategy={verticalListSortingStrategy}>
      {children}
    </SortableContext>
  );
}
