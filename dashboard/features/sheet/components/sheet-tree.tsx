import {
  closestCorners,
  DndContext,
  getClientRect,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type MeasuringConfiguration,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SHEET_MESSAGES, subTopicsOf } from '@shared/rules/sheet';
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
import { AddTopic } from './add-section';
import { DragReady } from './drag-handle';
import { IconSprite } from './icons';
import type { RowActions } from './question-row';
import { sectionKey, SectionMemory, SectionsCommand, SectionsReveal } from './topic-section';
import { revealRow } from './reveal-row';
import { SheetFilterControls } from './sheet-filters';
import { useStableActions, useStableEdits, useStableLists } from './stable-props';
import { NONE, QuestionPreview, Topic, Unassigned, type TreeEdits } from './tree-parts';
import { Zone } from './zone';


/** Above this many questions topics start collapsed and only rows near the viewport are drawn. */
const LONG_SHEET = 150;
/** The search box's text reaches the address this long after the last key (typing stays out of the history). */
const SEARCH_TO_URL_MS = 250;

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

/**
 * `live`: drag and drop works (false for the page's first paint, see DragReady). `tracking`: the viewer
 * may tick and star here (a member or a follower); otherwise the boxes look unavailable.
 */
export function SheetTree({ data, actions, edits, live, tracking = true }: { data: SheetData; actions: RowActions; edits: TreeEdits; live: boolean; tracking?: boolean }) {
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
  const next = useMemo(() => (isLoggedIn ? sheetOrder(tree.byId.values(), config).find((m) => !solved.has(m.questionId._id)) : undefined), [isLoggedIn, tree, config, solved]);
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
    <div className={`sheet-tree${tracking ? '' : ' not-tracking'}`} ref={treeRef}>
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
                  // While searching or filtering, a topic without a match is left out, not shown empty.
                  if (filtering && !tree.byTopic.get(topic)?.length) return null;
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
                      filtering={filtering}
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
