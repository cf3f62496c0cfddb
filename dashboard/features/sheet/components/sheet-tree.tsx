import {
  closestCorners,
  DndContext,
  DragOverlay,
  getClientRect,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useDndContext,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type MeasuringConfiguration,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { sectionNameTaken, SHEET_MESSAGES, subTopicsOf } from '@shared/rules/sheet';
import type { Mapping } from '@shared/schemas/sheet';
import { Play, SearchX, X } from 'lucide-react';
import { EmptyState } from '../../../components/feedback';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/api/session';
import type { SheetData } from '../api/sheet-queries';
import { SCREEN_READER_INSTRUCTIONS, sheetAnnouncements } from '../lib/announcements';
import { difficultyOptions, hasSheetFilters, matchesFilters, NO_FILTERS, platformOptions } from '../lib/filters';
import { arrayMove, buildTree, placeOf, reorderForDrop, sheetOrder, subZone, topicDragId, topicZone, UNASSIGNED, zoneOf } from '../lib/tree';
import { useSheetFilters } from '../use-sheet-filters';
import { useDragStore } from '../stores/drag';
import { AddSubTopic, AddTopic } from './add-section';
import { DragReady } from './drag-handle';
import { IconSprite } from './icons';
import { Difficulty, PlatformIcon } from '../../../components/question-bits';
import type { RowActions } from './question-row';
import { Section, sectionKey, SectionMemory, SectionsCommand, SectionsReveal, SubTopicList } from './topic-section';
import { revealRow } from './reveal-row';
import { SheetFilterControls } from './sheet-filters';
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

/** Above this many questions topics start collapsed and only rows near the viewport are drawn. */
const LONG_SHEET = 150;
/** The search box's text reaches the address this long after the last key (typing stays out of the history). */
const SEARCH_TO_URL_MS = 250;

/** The row callbacks with one identity for the tree's life, so memoised rows skip re-rendering. */
function useStableActions(actions: RowActions): RowActions {
  const latest = useRef(actions);
  latest.current = actions;
  const canEdit = actions.canEdit;
  return useMemo(
    () => ({
      canEdit,
      onCheck: (m, checked) => latest.current.onCheck(m, checked),
      onStar: (m, starred) => latest.current.onStar(m, starred),
      onNote: (m) => latest.current.onNote(m),
      onVideo: (m) => latest.current.onVideo(m),
      onRemove: (m) => latest.current.onRemove(m),
    }),
    [canEdit],
  );
}

/** The tree edits with one identity for the tree's life, so memoised topics skip re-rendering. */
function useStableEdits(edits: TreeEdits): TreeEdits {
  const latest = useRef(edits);
  latest.current = edits;
  return useMemo(
    () => ({
      reorderTopics: (order) => latest.current.reorderTopics(order),
      reorderSubTopics: (topic, names) => latest.current.reorderSubTopics(topic, names),
      moveQuestion: (id, place, order, changedZone) => latest.current.moveQuestion(id, place, order, changedZone),
      addTopic: (name) => latest.current.addTopic(name),
      renameTopic: (from, to) => latest.current.renameTopic(from, to),
      deleteTopic: (name) => latest.current.deleteTopic(name),
      addSubTopic: (topic, name) => latest.current.addSubTopic(topic, name),
      renameSubTopic: (topic, from, to) => latest.current.renameSubTopic(topic, from, to),
      deleteSubTopic: (topic, name) => latest.current.deleteSubTopic(topic, name),
      openAddQuestion: (place) => latest.current.openAddQuestion(place),
    }),
    [],
  );
}

/**
 * Lists that hold the same items as in the previous render keep the previous list's identity (the tree
 * is rebuilt on every change of the sheet's data), so memoised topics and zones see what changed.
 */
function useStableLists() {
  const lists = useRef(new Map<string, readonly unknown[]>());
  return <T,>(key: string, list: T[]): T[] => {
    const before = lists.current.get(key) as T[] | undefined;
    if (before && before.length === list.length && before.every((x, i) => x === list[i])) return before;
    lists.current.set(key, list);
    return list;
  };
}

/** Only items of the dragged kind are drop targets: topics onto topics, subtopics onto subtopics, questions onto questions and zones. */
const collision: CollisionDetection = (args) => {
  const type = args.active.data.current?.type as string | undefined;
  const allowed = type === 'question' ? ['question', 'zone'] : [type];
  return closestCorners({ ...args, droppableContainers: args.droppableContainers.filter((c) => allowed.includes(c.data.current?.type as string)) });
};

/**
 * Drop targets are measured without their transform, which dnd-kit reads from each element's computed
 * style; ours come from the inline style their grips set (DragHandle), so an element without one is
 * measured as it is. Each measure also walks the target's ancestors' computed styles. With the default
 * strategy dnd-kit measures every target twice at pick-up (as the drag starts and again from an
 * effect); with Always, once (from that effect), and again whenever the set of targets changes.
 */
const measuring: MeasuringConfiguration = {
  droppable: { strategy: MeasuringStrategy.Always, measure: (el) => (el.style.transform ? getClientRect(el, { ignoreTransform: true }) : getClientRect(el)) },
};

/**
 * dnd-kit scrolls to make up for a layout shift at pick-up, which costs a forced layout of the page in
 * the pick-up's frame. Nothing here shifts then: the drag state changes text in place (an empty zone's
 * 'Drop question here') and moves or fades the dragged element without changing its box, and the only
 * section that appears, Unassigned, is below every topic.
 */
const AUTO_SCROLL = { layoutShiftCompensation: false };

/** `live`: drag and drop works (false for the page's first paint, see DragReady). */
export function SheetTree({ data, actions, edits, live }: { data: SheetData; actions: RowActions; edits: TreeEdits; live: boolean }) {
  const { sheet, mappings, progress } = data;
  const config = sheet.config;
  const { isLoggedIn } = useSession();
  const [filters, setFilters] = useSheetFilters();
  // The search box answers each key at once; the address follows a moment later (see useSheetFilters).
  const [text, setText] = useState(filters.search);
  const [seenSearch, setSeenSearch] = useState(filters.search);
  if (filters.search !== seenSearch) {
    setSeenSearch(filters.search);
    // Back, forward or Clear filters: the box shows the address's search (a trailing space being typed is kept).
    if (filters.search !== text.trim()) setText(filters.search);
  }
  useEffect(() => {
    if (text.trim() === filters.search) return;
    const timer = setTimeout(() => setFilters({ search: text }, true), SEARCH_TO_URL_MS);
    return () => clearTimeout(timer);
  }, [text, filters.search, setFilters]);
  const active = useMemo(() => ({ ...filters, search: text }), [filters, text]);
  const filtering = hasSheetFilters(active);
  const solved = useMemo(() => new Set(progress.solved), [progress.solved]);
  const starred = useMemo(() => new Set(progress.starred), [progress.starred]);
  // A search or filter shows the questions that match; the sheet's order and sections stay as they are.
  const shown = useMemo(() => (filtering ? mappings.filter((m) => matchesFilters(m, active, { solved, starred })) : mappings), [filtering, mappings, active, solved, starred]);
  const tree = useMemo(() => buildTree(shown, config), [shown, config]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const canEdit = actions.canEdit;
  const expandAll = mappings.length <= LONG_SHEET;
  const lazy = !expandAll;
  const rowActions = useStableActions(actions);
  const [sections] = useState(() => new Map<string, boolean>());
  const [command, setCommand] = useState<{ open: boolean } | null>(null);
  const openAll = (open: boolean) => {
    for (const topic of config.topicOrder) {
      sections.set(sectionKey('topic', topic, topic), open);
      for (const sub of subTopicsOf(config.subTopicOrder, topic)) sections.set(sectionKey('subtopic', topic, sub), open);
    }
    setCommand({ open });
  };
  // Matches hide in closed sections otherwise: turning filters on (or arriving with them) opens every section.
  const [wasFiltering, setWasFiltering] = useState(false);
  if (filtering !== wasFiltering) {
    setWasFiltering(filtering);
    if (filtering) openAll(true);
  }
  const difficulties = useMemo(() => difficultyOptions(mappings, filters.difficulty), [mappings, filters.difficulty]);
  const platforms = useMemo(() => platformOptions(mappings, filters.platform), [mappings, filters.platform]);
  const searchBox = useRef<HTMLInputElement>(null);
  const clearFilters = () => {
    setText('');
    setFilters(NO_FILTERS);
    // The button goes away with the filters: the search box keeps the keyboard on the toolbar.
    searchBox.current?.focus();
  };

  // Continue where you left off: the first question of those shown, in the page's order, not yet solved.
  const [reveal, setReveal] = useState<{ topic: string; subTopic: string } | null>(null);
  const next = useMemo(() => (isLoggedIn ? sheetOrder(tree, config).find((m) => !solved.has(m.questionId._id)) : undefined), [isLoggedIn, tree, config, solved]);
  const stopReveal = useRef<() => void>(undefined);
  useEffect(() => () => stopReveal.current?.(), []);
  const continueToNext = () => {
    if (!next || !treeRef.current) return;
    const place = placeOf(zoneOf(next, config));
    if (place.topic) {
      sections.set(sectionKey('topic', place.topic, place.topic), true);
      if (place.subTopic) sections.set(sectionKey('subtopic', place.topic, place.subTopic), true);
      setReveal({ ...place });
    }
    stopReveal.current?.();
    stopReveal.current = revealRow(treeRef.current, next._id, place);
  };

  const treeRef = useRef<HTMLDivElement>(null);
  /**
   * The drag state shows through a class on the tree (the zones that take drops only then, their
   * 'Drop question here'), not a render: set as dnd-kit starts the drag, it is in the page before
   * dnd-kit measures the drop targets, and no zone mounts, unmounts or re-renders at pick-up.
   */
  const setDragging = useCallback((dragging: boolean) => {
    useDragStore.getState().setDragging(dragging);
    treeRef.current?.classList.toggle('is-dragging', dragging);
  }, []);
  // A tree that goes away mid-drag (navigation, a refetch that removes the sheet) leaves no drag behind.
  useEffect(() => () => setDragging(false), [setDragging]);

  function onDragEnd({ active, over }: DragEndEvent) {
    setDragging(false);
    if (!over || active.id === over.id) return;
    const a = active.data.current as { type: string; topic?: string; name?: string; zone?: string } | undefined;
    const o = over.data.current as { type: string; topic?: string; name?: string; zone?: string } | undefined;
    if (!a || !o) return;
    if (!canEdit) return void toast.error(SHEET_MESSAGES.reorderForbidden);
    if (a.type === 'topic' && o.type === 'topic') {
      const from = config.topicOrder.findIndex((t) => t === a.name);
      const to = config.topicOrder.findIndex((t) => t === o.name);
      if (from >= 0 && to >= 0) edits.reorderTopics(arrayMove(config.topicOrder, from, to));
    } else if (a.type === 'subtopic' && o.type === 'subtopic') {
      if (a.topic !== o.topic) return void toast.error('Cannot move subtopics between topics');
      const list = subTopicsOf(config.subTopicOrder, a.topic ?? '');
      const from = list.indexOf(a.name ?? '');
      const to = list.indexOf(o.name ?? '');
      if (from >= 0 && to >= 0) edits.reorderSubTopics(a.topic ?? '', arrayMove(list, from, to));
    } else if (a.type === 'question') {
      const dragged = String(active.id);
      const zone = o.zone ?? UNASSIGNED;
      const overId = o.type === 'question' ? String(over.id) : null;
      const order = reorderForDrop(config.questionOrder, tree, config, dragged, zone, overId);
      const m = tree.byId.get(dragged);
      const changedZone = !!m && zoneOf(m, config) !== zone;
      if (!changedZone && order.join() === config.questionOrder.join()) return;
      edits.moveQuestion(dragged, placeOf(zone), order, changedZone);
    }
  }

  // Spoken during a drag, from the sheet as it is at that moment.
  const latest = useRef({ tree, config });
  latest.current = { tree, config };
  const accessibility = useMemo(() => ({ announcements: sheetAnnouncements(() => latest.current), screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }), []);

  const stableEdits = useStableEdits(edits);
  const stable = useStableLists();
  const zoneProps = { solved, starred, actions: rowActions, lazy };
  const unassigned = tree.byZone.get(UNASSIGNED) ?? [];
  const empty = config.topicOrder.length === 0 && mappings.length === 0;

  return (
    <div className="sheet-tree" ref={treeRef}>
      {/* Moving questions while some are hidden would place them among rows the user cannot see. */}
      <DragReady.Provider value={live && !filtering}>
        <SectionMemory.Provider value={sections}>
          <SectionsCommand.Provider value={command}>
            <SectionsReveal.Provider value={reveal}>
            {mappings.length > 0 && (
              <div className="row sheet-tree-tools" role="group" aria-label="Questions of this sheet">
                <input
                  ref={searchBox}
                  type="search"
                  className="input sheet-search"
                  data-shortcut="search"
                  aria-label="Search questions in this sheet"
                  placeholder="Search questions"
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                />
                <SheetFilterControls filters={filters} difficulties={difficulties} platforms={platforms} onChange={(patch) => setFilters(patch)} />
                {filtering && (
                  <button type="button" className="btn btn-sm btn-ghost sheet-clear-filters" onClick={clearFilters}>
                    <X size={14} aria-hidden /> Clear filters
                  </button>
                )}
                {filtering && (
                  <span className="muted sheet-filter-status" role="status">
                    {`${shown.length} of ${mappings.length}`}
                  </span>
                )}
                {/* The section actions wrap as one group, at the row's end. */}
                <span className="sheet-tree-actions">
                  {next && (
                    <button type="button" className="btn btn-sm btn-primary sheet-continue" aria-label="Continue where you left off" onClick={continueToNext}>
                      <Play size={13} aria-hidden /> Continue<span className="sheet-continue-rest"> where you left off</span>
                    </button>
                  )}
                  <button type="button" className="btn btn-sm" onClick={() => openAll(true)}>
                    Expand all
                  </button>
                  <button type="button" className="btn btn-sm" onClick={() => openAll(false)}>
                    Collapse all
                  </button>
                </span>
              </div>
            )}
            {filtering && shown.length === 0 && (
              <EmptyState
                icon={<SearchX size={22} />}
                title="No Match Found"
                action={
                  <button type="button" className="btn" onClick={clearFilters}>
                    Clear filters
                  </button>
                }
              >
                No questions match these filters.
              </EmptyState>
            )}
            <DndContext sensors={sensors} collisionDetection={collision} measuring={measuring} autoScroll={AUTO_SCROLL} accessibility={accessibility} onDragStart={() => setDragging(true)} onDragEnd={onDragEnd} onDragCancel={() => setDragging(false)}>
              <IconSprite />
              {empty && <div className="empty">No topics or questions yet. Create your first topic or add questions directly!</div>}
              <SortableContext id="topics" items={config.topicOrder.map(topicDragId)} strategy={verticalListSortingStrategy}>
                {/* Nothing matches: the empty state above says so, in place of every topic saying it is empty. */}
                {!(filtering && shown.length === 0) && config.topicOrder.map((topic, i) => {
                  const subs = subTopicsOf(config.subTopicOrder, topic);
                  const subItems = stable(`subs:${topic}`, subs.map((sub) => stable(subZone(topic, sub), tree.byZone.get(subZone(topic, sub)) ?? NONE)));
                  return (
                    <Topic
                      key={topic}
                      topic={topic}
                      topics={stable('topics', config.topicOrder)}
                      subs={subs}
                      all={stable(`topic:${topic}`, tree.byTopic.get(topic) ?? NONE)}
                      direct={stable(topicZone(topic), tree.byZone.get(topicZone(topic)) ?? NONE)}
                      subItems={subItems}
                      defaultOpen={expandAll || i === 0}
                      edits={stableEdits}
                      {...zoneProps}
                    />
                  );
                })}
              </SortableContext>
              <Unassigned shown={unassigned.length > 0} canEdit={canEdit}>
                <Zone zone={UNASSIGNED} items={unassigned} emptyText="Drop question here" {...zoneProps} />
              </Unassigned>
              {canEdit && <AddTopic topics={config.topicOrder} onAdd={edits.addTopic} onAddQuestion={() => edits.openAddQuestion({ topic: '', subTopic: '' })} />}
              <QuestionPreview byId={tree.byId} />
            </DndContext>
            </SectionsReveal.Provider>
          </SectionsCommand.Provider>
        </SectionMemory.Provider>
      </DragReady.Provider>
    </div>
  );
}

const NONE: Mapping[] = [];

/**
 * The question under the pointer while it is dragged; the row itself stays in the list as the line
 * where it will land (.q-row.dragging). Topics and subtopics move themselves: no preview.
 */
function QuestionPreview({ byId }: { byId: Map<string, Mapping> }) {
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
}

/**
 * A topic with its subtopics and zones. Memoised on props that keep their identity while the topic is
 * unchanged (see useStableLists), so a move, tick or refetch re-renders the topics it touches only.
 */
const Topic = memo(function Topic({ topic, topics, subs, all, direct, subItems, defaultOpen, edits, solved, starred, actions, lazy }: TopicProps) {
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
      <Zone zone={topicZone(topic)} items={direct} emptyText={subs.length === 0 ? 'No subtopics or questions added yet.' : 'No direct questions under this topic'} {...zoneProps} />
      <SubTopicList topic={topic} names={subs}>
        {subs.map((sub, i) => {
          const items = subItems[i] ?? NONE;
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
function Unassigned({ shown, canEdit, children }: { shown: boolean; canEdit: boolean; children: ReactNode }) {
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
