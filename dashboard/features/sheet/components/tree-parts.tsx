import { DragOverlay, useDndContext } from '@dnd-kit/core';
import { memo, type ReactNode } from 'react';
import { sectionNameTaken, SHEET_MESSAGES } from '@shared/rules/sheet';
import type { Mapping } from '@shared/schemas/sheet';
import { Difficulty, PlatformIcon } from '../../../components/question-bits';
import { subZone, topicZone } from '../lib/tree';
import { AddSubTopic } from './add-section';
import type { RowActions } from './question-row';
import { Section, SubTopicList } from './topic-section';
import { Zone } from './zone';

export interface TreeEdits {
  reorderTopics: (topicOrder: string[]) => void;
  reorderSubTopics: (topic: string, names: string[]) => void;
  moveQuestion: (mappingId: string, place: { topic: string; subTopic: string }, order: string[], changedZone: boolean) => void;
  addTopic: (name: string) => void;
  renameTopic: (oldName: string, newName: string) => void;
  deleteTopic: (name: string) => void;
  addSubTopic: (topic: string, name: string) => void;
  renameSubTopic: (topic: string, oldName: string, newName: string) => void;
  deleteSubTopic: (topic: string, name: string) => void;
  openAddQuestion: (place: { topic: string; subTopic: string }) => void;
}

export const NONE: Mapping[] = [];

/**
 * The question under the pointer while it is dragged; the row itself stays in the list as the line
 * where it will land (.q-row.dragging). Topics and subtopics move themselves: no preview.
 */
export function QuestionPreview({ byId }: { byId: Map<string, Mapping> }) {
  const { active } = useDndContext();
  const m = active && active.data.current?.type === 'question' ? byId.get(String(active.id)) : undefined;
  return (
    <DragOverlay dropAnimation={null}>
      {m ? (
        <div className="q-drag-preview" aria-hidden>
          <span className="q-drag-title">{m.title}</span>
          <PlatformIcon platform={m.questionId.platform} />
          <Difficulty value={m.questionId.difficulty} />
        </div>
      ) : null}
    </DragOverlay>
  );
}

interface TopicProps {
  topic: string;
  /** Every topic of the sheet, for the rename's name check. */
  topics: string[];
  subs: string[];
  /** Every question of the topic, for its progress. */
  all: Mapping[];
  direct: Mapping[];
  /** The questions of each subtopic, in the order of `subs`. */
  subItems: Mapping[][];
  defaultOpen: boolean;
  edits: TreeEdits;
  solved: Set<string>;
  starred: Set<string>;
  actions: RowActions;
  lazy: boolean;
  /** A search or filter is on: only the sections and zones holding a match are drawn. */
  filtering: boolean;
}

/**
 * A topic with its subtopics and zones. Memoised on props that keep their identity while the topic is
 * unchanged (see useStableLists), so a move, tick or refetch re-renders the topics it touches only.
 */
export const Topic = memo(function Topic({ topic, topics, subs, all, direct, subItems, defaultOpen, edits, solved, starred, actions, lazy, filtering }: TopicProps) {
  const canEdit = actions.canEdit;
  const zoneProps = { solved, starred, actions, lazy };
  return (
    <Section
      kind="topic"
      topic={topic}
      name={topic}
      questions={all}
      solved={solved}
      defaultOpen={defaultOpen}
      lazy={lazy ? { estimate: all.length * 40 + subs.length * 60 } : undefined}
      edit={{
        canEdit,
        rename: (v) => {
          if (!v) return SHEET_MESSAGES.topicEmpty;
          const taken = sectionNameTaken('topic', v, topics, topic);
          if (taken) return taken;
          edits.renameTopic(topic, v);
        },
        remove: () => edits.deleteTopic(topic),
        addQuestion: () => edits.openAddQuestion({ topic, subTopic: '' }),
      }}
      extraActions={<AddSubTopic topic={topic} onAdd={edits.addSubTopic} existing={subs} />}
    >
      {/* A topic with nothing in it says so in its zone, which during a drag reads 'Drop question here' in the same space. */}
      {!(filtering && direct.length === 0) && (
        <Zone zone={topicZone(topic)} items={direct} emptyText={subs.length === 0 ? 'No subtopics or questions added yet.' : 'No direct questions under this topic'} {...zoneProps} />
      )}
      <SubTopicList topic={topic} names={subs}>
        {subs.map((sub, i) => {
          const items = subItems[i] ?? NONE;
          if (filtering && items.length === 0) return null;
          return (
            <Section
              key={sub}
              kind="subtopic"
              topic={topic}
              name={sub}
              questions={items}
              solved={solved}
              defaultOpen
              lazy={lazy ? { estimate: items.length * 40 } : undefined}
              edit={{
                canEdit,
                rename: (v) => {
                  if (!v) return SHEET_MESSAGES.subTopicRequired;
                  const taken = sectionNameTaken('subtopic', v, subs, sub);
                  if (taken) return taken;
                  edits.renameSubTopic(topic, sub, v);
                },
                remove: () => edits.deleteSubTopic(topic, sub),
                addQuestion: () => edits.openAddQuestion({ topic, subTopic: sub }),
              }}
            >
              <Zone zone={subZone(topic, sub)} items={items} emptyText="No questions added to this subtopic" {...zoneProps} />
            </Section>
          );
        })}
      </SubTopicList>
    </Section>
  );
});

/** Questions outside every topic; during an editor's drag it also appears as a place to drop them. */
export function Unassigned({ shown, canEdit, children }: { shown: boolean; canEdit: boolean; children: ReactNode }) {
  if (!shown && !canEdit) return null;
  return (
    <section className={`topic-section unassigned${shown ? '' : ' drop-only'}`} aria-label="Unassigned questions">
      <header className="section-bar">
        <h3 className="section-name">Unassigned</h3>
      </header>
      <div className="section-body">{children}</div>
    </section>
  );
}
