// One topic vocabulary for every judge, so the analysis counts "graphs" (Codeforces), "Graph" (LeetCode)
// and "graph" (a user) as one topic. LeetCode's tag names are the canonical spellings (the most common
// judge in sheets); other judges' tags and common short forms map onto them. A topic outside the
// vocabulary keeps its words, with lower-case words capitalised, so two spellings that differ only in
// case still meet.

const CANONICAL = [
  'Array', 'String', 'Hash Table', 'Dynamic Programming', 'Math', 'Sorting', 'Greedy', 'Depth-First Search',
  'Breadth-First Search', 'Binary Search', 'Matrix', 'Tree', 'Binary Tree', 'Binary Search Tree', 'Graph',
  'Bit Manipulation', 'Bitmask', 'Two Pointers', 'Prefix Sum', 'Heap (Priority Queue)', 'Simulation', 'Stack',
  'Queue', 'Counting', 'Sliding Window', 'Design', 'Enumeration', 'Backtracking', 'Union Find', 'Linked List',
  'Number Theory', 'Ordered Set', 'Monotonic Stack', 'Monotonic Queue', 'Segment Tree', 'Binary Indexed Tree',
  'Trie', 'Combinatorics', 'Divide and Conquer', 'Recursion', 'Geometry', 'Memoization', 'Hash Function',
  'Rolling Hash', 'Shortest Path', 'String Matching', 'Topological Sort', 'Game Theory', 'Interactive',
  'Data Stream', 'Brainteaser', 'Doubly-Linked List', 'Randomized', 'Merge Sort', 'Counting Sort', 'Iterator',
  'Concurrency', 'Probability and Statistics', 'Quickselect', 'Suffix Array', 'Line Sweep',
  'Minimum Spanning Tree', 'Bucket Sort', 'Radix Sort', 'Strongly Connected Component', 'Eulerian Circuit',
  'Database', 'Implementation', 'Brute Force', 'Constructive Algorithms', 'Data Structures', 'Network Flow',
  'Graph Matching', 'Fast Fourier Transform', 'Ternary Search', 'Meet in the Middle', 'Searching', 'Hashing',
] as const;

/** Other judges' tags and common short forms, by their key (see keyOf). */
const ALIASES: Record<string, string> = {
  dp: 'Dynamic Programming',
  'dynamic programing': 'Dynamic Programming',
  maths: 'Math',
  mathematical: 'Math',
  mathematics: 'Math',
  hash: 'Hash Table',
  'hash map': 'Hash Table',
  hashmap: 'Hash Table',
  map: 'Hash Table',
  'dfs and similar': 'Depth-First Search',
  dfs: 'Depth-First Search',
  'depth first search': 'Depth-First Search',
  bfs: 'Breadth-First Search',
  'breadth first search': 'Breadth-First Search',
  sortings: 'Sorting',
  matrices: 'Matrix',
  heap: 'Heap (Priority Queue)',
  'priority queue': 'Heap (Priority Queue)',
  'bit magic': 'Bit Manipulation',
  bitmasks: 'Bitmask',
  'two pointer': 'Two Pointers',
  'two pointer algorithm': 'Two Pointers',
  dsu: 'Union Find',
  'disjoint set': 'Union Find',
  'disjoint set union': 'Union Find',
  'union find': 'Union Find',
  'shortest paths': 'Shortest Path',
  games: 'Game Theory',
  probabilities: 'Probability and Statistics',
  probability: 'Probability and Statistics',
  flows: 'Network Flow',
  'graph matchings': 'Graph Matching',
  fft: 'Fast Fourier Transform',
  'meet in the middle': 'Meet in the Middle',
  'prime number': 'Number Theory',
  geometric: 'Geometry',
  combinatorial: 'Combinatorics',
  bst: 'Binary Search Tree',
  'fenwick tree': 'Binary Indexed Tree',
  bit: 'Binary Indexed Tree',
  'doubly linked list': 'Doubly-Linked List',
  'topological sorting': 'Topological Sort',
  mst: 'Minimum Spanning Tree',
};

/**
 * The vocabulary's edition: raise it whenever CANONICAL, ALIASES or canonicalTopic change what a topic
 * is called, and the next start renames the stored topics once (api/db/topic-vocabulary).
 */
export const TOPIC_VOCABULARY_VERSION = 1;

/** Case, hyphens, underscores, spacing and a leading '*' (Codeforces' "*special") do not make a topic. */
const keyOf = (topic: string) => topic.toLowerCase().replace(/^\*+/, '').replace(/[\s_-]+/g, ' ').trim();

const BY_KEY = new Map<string, string>([...CANONICAL.map((c): [string, string] => [keyOf(c), c]), ...Object.entries(ALIASES)]);

const SMALL_WORDS = new Set(['and', 'or', 'of', 'the', 'in', 'on', 'to', 'a', 'an', 'for']);

/** The vocabulary's name for a topic, or the topic itself with its lower-case words capitalised. */
export function canonicalTopic(raw: string): string {
  const topic = raw.replace(/\s+/g, ' ').trim().replace(/^\*+/, '');
  const key = keyOf(topic);
  if (!key) return '';
  const known = BY_KEY.get(key) ?? (key.length > 3 && key.endsWith('s') ? BY_KEY.get(key.slice(0, -1)) : undefined);
  if (known) return known;
  return topic
    .split(' ')
    .map((word, i) => (word === word.toLowerCase() && !(i > 0 && SMALL_WORDS.has(word)) ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(' ');
}

/** A list of topics in the vocabulary: each once, in the order first given, empty names dropped. */
export function canonicalTopics(topics: readonly string[]): string[] {
  return [...new Set(topics.map(canonicalTopic).filter(Boolean))];
}
