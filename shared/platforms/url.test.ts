import { describe, expect, it } from 'vitest';
import { withScheme } from './url';

describe('withScheme', () => {
  it('puts https:// in front of an address that names no scheme', () => {
    expect(withScheme('leetcode.com/problems/two-sum/')).toBe('https://leetcode.com/problems/two-sum/');
    expect(withScheme('//codeforces.com/problemset')).toBe('https://codeforces.com/problemset');
  });
  it('reads a host and port as a host, not a scheme', () => {
    expect(withScheme('leetcode.com:443/problems/two-sum/')).toBe('https://leetcode.com:443/problems/two-sum/');
  });
  it('keeps a scheme the text already has', () => {
    expect(withScheme('http://example.com/')).toBe('http://example.com/');
    expect(withScheme('mailto:a@example.com')).toBe('mailto:a@example.com');
    expect(withScheme('javascript:alert(1)')).toBe('javascript:alert(1)');
  });
});
