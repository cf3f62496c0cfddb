import { describe, expect, it } from 'vitest';
import type { Mapping, SheetConfig } from '@shared/schemas/sheet';
import { buildTree, dragId, placeOf, reorderForDrop, sheetOrder, subTopicDragId, subZone, topicDragId, topicZone, UNASSIGNED } from './tree';

const m = (id: string, topic = '', subTopic = ''): Mapping => ({
  _id: id,
  topic,
  subTopic,
  title: id,
  resource: null,
  questionId: { _id: `q${id}`, name: id, problemUrl: '', platform: 'leetcode', difficulty: 'Easy', topics: [] },
});
const config: SheetConfig = { topicOrder: ['Arrays', 'Graphs'], subTopicOrder: { Arrays: ['Prefix'], Graphs: [] }, questionOrder: ['a', 'b', 'c', 'd', 'e'] };
const maps = [m('a', 'Arrays'), m('b', 'Arrays', 'Prefix'), m('c', 'Graphs'), m('d', 'Gone'), m('e')];

describe('sheet tree', () => {
  it('makes drag ids from names', () => {
    expect(dragId('Two Pointers & Sliding Window!')).toBe('Two-Pointers--Sliding-Window');
    expect(topicDragId('Dynamic Programming')).toBe('topic:Dynamic-Programming');
    expect(subTopicDragId('Graphs', 'BFS / DFS')).toBe('sub:Graphs:BFS--DFS');
  });
  it('groups by zone in order; unknown topics show as unassigned', () => {
    const tree = buildTree(maps, config);
    expect(tree.byZone.get(topicZone('Arrays'))?.map((x) => x._id)).toEqual(['a']);
    expect(tree.byZone.get(subZone('Arrays', 'Prefix'))?.map((x) => x._id)).toEqual(['b']);
    expect(tree.byZone.get(UNASSIGNED)?.map((x) => x._id)).toEqual(['d', 'e']);
    expect(tree.byTopic.get('Arrays')?.map((x) => x._id)).toEqual(['a', 'b']);
    expect(placeOf(subZone('Arrays', 'Prefix'))).toEqual({ topic: 'Arrays', subTopic: 'Prefix' });
  });
  it('computes the order for a drop before an item, after it when moving down, and at the end of a zone', () => {
    const tree = buildTree(maps, config);
    expect(reorderForDrop(config.questionOrder, tree, config, 'e', topicZone('Arrays'), 'a')).toEqual(['e', 'a', 'b', 'c', 'd']);
    expect(reorderForDrop(config.questionOrder, tree, config, 'd', UNASSIGNED, 'e')).toEqual(['a', 'b', 'c', 'e', 'd']);
    expect(reorderForDrop(config.questionOrder, tree, config, 'e', topicZone('Graphs'), null)).toEqual(['a', 'b', 'c', 'e', 'd']);
    expect(reorderForDrop(config.questionOrder, tree, config, 'a', subZone('Graphs', 'none'), null)).toEqual(['b', 'c', 'd', 'e', 'a']);
  });
  it('lists the questions in the order the page shows them: a topic’s own before its subtopics', () => {
    // In the stored order the subtopic's question comes first; the page shows the topic's own first.
    const order = { ...config, questionOrder: ['b', 'e', 'c', 'a', 'd'] };
    expect(sheetOrder(buildTree(maps, order).byId.values(), order).map((x) => x._id)).toEqual(['a', 'b', 'c', 'e', 'd']);
  });
});
