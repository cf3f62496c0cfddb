import { describe, expect, it } from 'vitest';
import { highlightCode } from './highlight';

describe('highlightCode', () => {
  it('marks tokens up for a language with a grammar', () => {
    expect(highlightCode('int x = 1;', 'GNU C11')).toContain('hljs-');
  });
  it('shows a known language without a grammar, and an unknown one, as escaped text', () => {
    expect(highlightCode('void main() { print("<b>"); }', 'Dart 3')).toBe('void main() { print(&quot;&lt;b&gt;&quot;); }');
    expect(highlightCode('<b>', 'Brainfuck')).toBe('&lt;b&gt;');
  });
});
