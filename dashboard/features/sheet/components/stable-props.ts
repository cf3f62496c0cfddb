import { useMemo, useRef } from 'react';
import type { RowActions } from './question-row';
import type { TreeEdits } from './tree-parts';

/** The row callbacks with one identity for the tree's life, so memoised rows skip re-rendering. */
export function useStableActions(actions: RowActions): RowActions {
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
export function useStableEdits(edits: TreeEdits): TreeEdits {
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
export function useStableLists() {
  const lists = useRef(new Map<string, readonly unknown[]>());
  return <T,>(key: string, list: T[]): T[] => {
    const before = lists.current.get(key) as T[] | undefined;
    if (before && before.length === list.length && before.every((x, i) => x === list[i])) return before;
    lists.current.set(key, list);
    return list;
  };
}
