import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import type { Mapping, SheetConfig } from '@shared/schemas/sheet';
import { sheetAnnouncements } from './announcements';
import { buildTree, subTopicDragId, subZone, topicDragId, topicZone, UNASSIGNED } from './tree';

const m = (id: string, title: string, topic = '', subTopic = ''): Mapping => ({
  _id: id,
  topic,
  subTopic,
  title,
  resource: null,
  questionId: { _id: `q${id}`, name: title, problemUrl: '', platform: 'leetcode', difficulty: 'Easy', topics: [] },
});
const config: SheetConfig = { topicOrder: ['Arrays', 'Graphs'], subTopicOrder: { Arrays: ['Hashing'], Graphs: ['BFS'] }, questionOrder: ['a', 'b', 'c', 'd', 'e'] };
const maps = [m('a', 'Two Sum', 'Arrays'), m('b', '3Sum', 'Arrays'), m('c', 'Contains Duplicate', 'Arrays', 'Hashing'), m('d', 'Number of Islands', 'Graphs'), m('e', 'Lonely')];
const tree = buildTree(maps, config);
const say = sheetAnnouncements(() => ({ tree, config }));

// Only the parts of dnd-kit's Active and Over the announcements read.
const item = (id: string, data: Record<string, string>) => ({ id, data: { current: data }, rect: { current: { initial: null, translated: null } }, disabled: false }) as unknown as Active & Over;
const question = (id: string, zone: string) => item(id, { type: 'question', zone });
const zone = (id: string) => item(id, { type: 'zone', zone: id });
const topic = (name: string) => item(topicDragId(name), { type: 'topic', topic: name, name });
const sub = (t: string, name: string) => item(subTopicDragId(t, name), { type: 'subtopic', topic: t, name });

describe('drag announcements', () => {
  it('name questions by their titles and places by topic, subtopic and position', () => {
    const twoSum = question('a', topicZone('Arrays'));
    expect(say.onDragStart({ active: twoSum })).toBe('Picked up Two Sum.');
    expect(say.onDragOver({ active: twoSum, over: twoSum })).toBe('Two Sum is at its own place, Arrays, position 1.');
    expect(say.onDragOver({ active: twoSum, over: question('b', topicZone('Arrays')) })).toBe('Two Sum is over Arrays, position 2.');
    expect(say.onDragEnd({ active: twoSum, over: question('d', topicZone('Graphs')) })).toBe('Two Sum moved to Graphs, position 1.');
    expect(say.onDragEnd({ active: twoSum, over: question('c', subZone('Arrays', 'Hashing')) })).toBe('Two Sum moved to Hashing in Arrays, position 1.');
    // Onto a zone: its end, which for the zone it is already in is its last place.
    expect(say.onDragEnd({ active: twoSum, over: zone(subZone('Graphs', 'BFS')) })).toBe('Two Sum moved to BFS in Graphs, position 1.');
    expect(say.onDragEnd({ active: twoSum, over: zone(topicZone('Arrays')) })).toBe('Two Sum moved to Arrays, position 2.');
    expect(say.onDragEnd({ active: twoSum, over: zone(UNASSIGNED) })).toBe('Two Sum moved to Unassigned, position 2.');
    expect(say.onDragEnd({ active: twoSum, over: null })).toBe('Two Sum was dropped where it was.');
    expect(say.onDragOver({ active: twoSum, over: null })).toBe('Two Sum is not over a place to drop it.');
    expect(say.onDragCancel({ active: twoSum, over: null })).toBe('Moving Two Sum was cancelled; it is back where it was.');
  });

  it('name topics and subtopics, and say when a subtopic cannot go to another topic', () => {
    expect(say.onDragStart({ active: topic('Graphs') })).toBe('Picked up Topic Graphs.');
    expect(say.onDragEnd({ active: topic('Graphs'), over: topic('Arrays') })).toBe('Topic Graphs moved to position 1 of 2.');
    expect(say.onDragOver({ active: sub('Arrays', 'Hashing'), over: sub('Arrays', 'Hashing') })).toBe('Subtopic Hashing is at its own place, position 1 of 1 in Arrays.');
    expect(say.onDragOver({ active: sub('Arrays', 'Hashing'), over: sub('Graphs', 'BFS') })).toBe('Subtopic Hashing cannot move to Graphs: subtopics stay in their topic.');
    expect(say.onDragEnd({ active: sub('Arrays', 'Hashing'), over: sub('Graphs', 'BFS') })).toBe('Subtopic Hashing stays where it was: subtopics stay in their topic.');
  });

  it('never speak an id', () => {
    const all = [say.onDragStart({ active: question('a', topicZone('Arrays')) }), say.onDragEnd({ active: question('e', UNASSIGNED), over: question('a', topicZone('Arrays')) })];
    for (const text of all) expect(text).not.toMatch(/zone:|topic:|\bsub:|\b[a-e]\b/);
  });
});
