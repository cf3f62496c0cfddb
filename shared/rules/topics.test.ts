import { describe, expect, it } from 'vitest';
import { canonicalTopic, canonicalTopics } from './topics';

describe('the topic vocabulary', () => {
  it("maps each judge's spelling of a topic onto one name", () => {
    // Codeforces, LeetCode, GeeksforGeeks, a user.
    expect(['graphs', 'Graph', 'graph', 'GRAPH'].map(canonicalTopic)).toEqual(['Graph', 'Graph', 'Graph', 'Graph']);
    expect(['math', 'Math', 'Mathematical', 'maths'].map(canonicalTopic)).toEqual(['Math', 'Math', 'Math', 'Math']);
    expect(['dp', 'Dynamic Programming', 'dynamic-programming'].map(canonicalTopic)).toEqual(Array(3).fill('Dynamic Programming'));
    expect(['dfs and similar', 'DFS', 'depth-first search'].map(canonicalTopic)).toEqual(Array(3).fill('Depth-First Search'));
    expect(['Arrays', 'strings', 'Hash', 'Bit Magic', 'dsu', 'sortings', '*special'].map(canonicalTopic)).toEqual([
      'Array', 'String', 'Hash Table', 'Bit Manipulation', 'Union Find', 'Sorting', 'Special',
    ]);
  });

  it('keeps an unknown topic, with case differences folded', () => {
    expect(canonicalTopic('  chinese   remainder theorem ')).toBe('Chinese Remainder Theorem');
    expect(canonicalTopic('Chinese remainder Theorem')).toBe('Chinese Remainder Theorem');
    expect(canonicalTopic('expression parsing of ASTs')).toBe('Expression Parsing of ASTs');
    expect(canonicalTopic('   ')).toBe('');
  });

  it('lists each topic once, in the order first given', () => {
    expect(canonicalTopics(['graphs', 'dp', 'Graph', '', 'Dynamic Programming', 'trees'])).toEqual(['Graph', 'Dynamic Programming', 'Tree']);
  });
});
