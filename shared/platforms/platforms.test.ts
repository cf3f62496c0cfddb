import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchPatterns, parseProblemUrl, platformById, platformForHost, platforms } from './index';
import type { Platform, PlatformId } from './types';
import { toHttpUrl } from './url';

const SPEC: ReadonlyArray<[PlatformId, string, number | undefined]> = [
  ['leetcode', 'LeetCode', 1],
  ['geeksforgeeks', 'GeeksforGeeks', 2],
  ['codechef', 'CodeChef', 3],
  ['codeforces', 'Codeforces', 4],
  ['interviewbit', 'InterviewBit', 5],
  ['codestudio', 'Code360', 6],
  ['hackerrank', 'HackerRank', 7],
  ['atcoder', 'AtCoder', 8],
  ['tuf', 'TUF', 9],
  ['spoj', 'SPOJ', undefined],
  ['topcoder', 'TopCoder', undefined],
  ['hackerearth', 'HackerEarth', undefined],
  ['cses', 'CSES', undefined],
  ['github', 'GitHub', undefined],
];

const sources = platforms.filter((p) => p.problemSource);

/** A WebExtension match pattern: scheme, a host with at most a leading `*.`, and a path. */
const PATTERN = /^(\*|https?):\/\/(\*|(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)+)(\/[^\s#]*)$/;

/** Whether a URL falls under a match pattern, as browsers decide it (the path part covers path and query). */
function patternMatches(pattern: string, url: URL): boolean {
  const m = PATTERN.exec(pattern);
  if (!m) return false;
  const [, scheme = '', host = '', path = ''] = m;
  if (scheme === '*' ? !['http:', 'https:'].includes(url.protocol) : `${scheme}:` !== url.protocol) return false;
  const hostOk =
    host === '*' ||
    (host.startsWith('*.') ? url.hostname === host.slice(2) || url.hostname.endsWith(host.slice(1)) : url.hostname === host);
  const glob = new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`);
  return hostOk && glob.test(url.pathname + url.search);
}

describe('registry', () => {
  it('lists every platform once, in the spec order, with the spec names and numeric ids', () => {
    expect(platforms.map((p) => [p.id, p.name, p.numericId])).toEqual(SPEC);
    expect(new Set(platforms.map((p) => p.id)).size).toBe(platforms.length);
    const numeric = platforms.flatMap((p) => (p.numericId === undefined ? [] : [p.numericId]));
    expect(new Set(numeric).size).toBe(numeric.length);
    for (const p of platforms) expect(platformById(p.id)).toBe(p);
    expect(platformById('nope')).toBeUndefined();
  });

  it('gives each platform a profile base, a brand colour and a self-contained icon', () => {
    for (const p of platforms) {
      const profile = new URL(`${p.profileUrlBase}someone`);
      expect(profile.protocol, p.id).toBe('https:');
      expect(p.color, p.id).toMatch(/^#[0-9A-Fa-f]{6}$/);
      expect(p.icon, p.id).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
      expect(p.icon, p.id).toContain(p.color);
      expect(p.icon, p.id).toMatch(/<\/svg>$/);
      expect(p.icon, p.id).not.toMatch(/href|url\(|<script|<image|<foreignObject|\son[a-z]+=/i);
    }
    expect(platformById('github')?.profileUrlBase).toBe('https://github.com/');
    expect(platformById('leetcode')?.profileUrlBase).toBe('https://leetcode.com/u/');
    expect(platformById('codeforces')?.profileUrlBase).toBe('https://codeforces.com/profile/');
  });

  it('claims every host for one platform only, written in lower case without scheme or path', () => {
    const hosts = sources.flatMap((p) => p.hosts);
    expect(new Set(hosts).size).toBe(hosts.length);
    for (const h of hosts) expect(h).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    for (const p of sources) for (const h of p.hosts) expect(platformForHost(h.toUpperCase())).toBe(p);
    expect(platformForHost('WWW.CSES.FI.')).toBe(platformById('cses'));
    expect(platformForHost('github.com')).toBeUndefined();
    expect(platformForHost('evil.com')).toBeUndefined();
  });

  it('keeps github a profile platform', () => {
    const github = platformById('github');
    expect(github?.problemSource).toBe(false);
    expect(github?.hosts).toEqual([]);
    expect(github?.parse(new URL('https://github.com/torvalds'))).toBeNull();
  });
});

describe.each(platforms.map((p) => [p.id, p] as [PlatformId, Platform]))('%s', (id, p) => {
  it('has enough examples and near-misses', () => {
    expect(p.nonProblems.length).toBeGreaterThanOrEqual(5);
    if (!p.problemSource) return;
    expect(p.examples.length).toBeGreaterThanOrEqual(6);
    expect(new Set(p.examples.map((e) => e.canonical)).size).toBeGreaterThanOrEqual(2);
  });

  it.each(p.examples.map((e) => [e.url, e]))('parses %s', (_, e) => {
    expect(parseProblemUrl(e.url)).toEqual({ platform: id, key: e.key, url: e.canonical });
    expect(parseProblemUrl(e.canonical)).toEqual({ platform: id, key: e.key, url: e.canonical });
  });

  it('gives one key per problem and one problem per key', () => {
    const keyOf = new Map<string, string>();
    const canonicalOf = new Map<string, string>();
    for (const e of p.examples) {
      expect(keyOf.get(e.canonical) ?? e.key).toBe(e.key);
      expect(canonicalOf.get(e.key) ?? e.canonical).toBe(e.canonical);
      keyOf.set(e.canonical, e.key);
      canonicalOf.set(e.key, e.canonical);
    }
  });

  it.each(p.nonProblems.map((u) => [u]))('rejects %s', (u) => {
    expect(parseProblemUrl(u)).toBeNull();
  });
});

describe('parseProblemUrl', () => {
  const malformed = [
    '',
    '   ',
    'not a url',
    'javascript:alert(1)',
    'JavaScript:alert(document.domain)//leetcode.com/problems/two-sum',
    'data:text/html,leetcode.com/problems/two-sum',
    'ftp://leetcode.com/problems/two-sum',
    'file:///leetcode.com/problems/two-sum',
    'chrome-extension://abc/leetcode.com/problems/two-sum',
    'https://',
    'https:///problems/two-sum',
    '//',
    'https://evil.com/leetcode.com/problems/two-sum',
    'https://leetcode.com.evil.com/problems/two-sum',
    'https://evilleetcode.com/problems/two-sum',
    'https://leetcode.com@evil.com/problems/two-sum',
    'https://user:pass@leetcode.com/problems/two-sum',
    'https://leetcode.com:8080/problems/two-sum',
    'https://leet code.com/problems/two-sum',
    'https://leetcode.com/problems/two%20sum',
    'https://leetcode.com/problems/%E0%A4%A',
    'https://leetcode.com/problems/two-sum\n/',
    'https://github.com/problems/two-sum',
    `https://leetcode.com/problems/${'a'.repeat(5000)}`,
    `https://leetcode.com/problems/${'a'.repeat(151)}`,
    'x'.repeat(100_000),
    '\u{1F4A9}\u0301\u202E\uFFFD\u0000',
    'https://\u{1F4A9}.com/problems/two-sum',
    'https://leetcode.com/problems/\u{1F4A9}',
    '\uD800leetcode.com/problems/two-sum',
  ];

  it.each(malformed.map((m) => [m.slice(0, 60), m]))('rejects malformed %j', (_, m) => {
    expect(() => parseProblemUrl(m)).not.toThrow();
    expect(parseProblemUrl(m)).toBeNull();
  });

  it('rejects non-strings passed by untyped callers', () => {
    for (const v of [null, undefined, 42, {}, []]) expect(parseProblemUrl(v as string)).toBeNull();
  });

  it('accepts a host with port 443 spelled out and without a scheme', () => {
    expect(parseProblemUrl('leetcode.com:443/problems/two-sum')?.key).toBe('two-sum');
    expect(parseProblemUrl('//leetcode.com/problems/two-sum')?.key).toBe('two-sum');
  });

  it('never throws on arbitrary strings, and what it returns is a fixed point', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.webUrl({ withQueryParameters: true, withFragments: true })), (s) => {
        const parsed = parseProblemUrl(s);
        if (parsed) expect(parseProblemUrl(parsed.url)).toEqual(parsed);
      }),
      { numRuns: 2000 },
    );
    // 2,000 runs take a second or two alone, several times that on a machine busy with other suites.
  }, 30_000);

  it('gives every spelling of a canonical URL the same result', () => {
    const examples = sources.flatMap((p) => p.examples.map((e) => ({ ...e, platform: p.id })));
    fc.assert(
      fc.property(
        fc.constantFrom(...examples),
        fc.record({ http: fc.boolean(), bare: fc.boolean(), upper: fc.boolean(), slash: fc.boolean(), query: fc.boolean(), hash: fc.boolean(), pad: fc.boolean() }),
        (e, v) => {
          const u = new URL(e.canonical);
          let host = u.hostname;
          if (v.upper) host = host.toUpperCase();
          let path = u.pathname;
          if (v.slash && !path.endsWith('/') && e.platform !== 'topcoder') path += '/';
          let search = u.search;
          if (v.query) search += `${search ? '&' : '?'}utm_source=fuzz`;
          const hash = v.hash && e.platform !== 'topcoder' ? '#fuzz' : '';
          let text = `${host}${path}${search}${hash}`;
          if (!v.bare) text = `${v.http ? 'http' : 'https'}://${text}`;
          if (v.pad) text = `\t ${text} \n`;
          expect(parseProblemUrl(text)).toEqual({ platform: e.platform, key: e.key, url: e.canonical });
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('each platform parser', () => {
  const words = [
    'problems', 'problem', 'problemset', 'gymProblem', 'contest', 'contests', 'gym', 'tasks', 'task', 'view', 'challenges',
    'plus', 'dsa', 'practice', 'course', 'practice-problems', 'algorithm', 'stat', 'index.html', 'code360', 'studio',
    'codestudio', 'submit', 'editorial', 'description', 'solutions', 'two-sum', 'abc300', 'abc300_a', 'dp_a', '_x', 'x_',
    '1791', '100001', 'A', 'b1', '0', '1', '01', '99999999', 'FLOW001', 'classical', '%', '%zz', '%2F', '..', '.', '',
    '\u00e9', '\u{1F4A9}', 'a'.repeat(200),
  ];
  const segment = fc.oneof(fc.constantFrom(...words), fc.string({ maxLength: 12 }));
  const query = fc.oneof(fc.constantFrom('', '?c=problem_statement&pm=1918', '?pm=0&c=problem_statement', '?lang=en', '?c=problem_statement&pm=%'), fc.string({ maxLength: 20 }).map((q) => `?${q}`));
  const hash = fc.oneof(fc.constantFrom('', '#/u/practiceCode/1/2/3', '#/u/practiceCode/1/2/x', '#%'), fc.string({ maxLength: 20 }).map((h) => `#${h}`));

  it.each(sources.map((p) => [p.id, p]))('%s never throws on fuzzed URLs of its hosts, and its results are fixed points', (id, p) => {
    fc.assert(
      fc.property(fc.constantFrom(...p.hosts), fc.array(segment, { maxLength: 8 }), query, hash, (host, segs, q, h) => {
        let url: URL;
        try {
          url = new URL(`https://${host}/${segs.join('/')}${q}${h}`);
        } catch {
          return;
        }
        const found = p.parse(url);
        if (!found) return;
        expect(found.key.length).toBeGreaterThan(0);
        expect(found.key.length).toBeLessThanOrEqual(200);
        expect(parseProblemUrl(found.url)).toEqual({ platform: id, ...found });
      }),
      { numRuns: 1500 },
    );
  });
});

describe('matchPatterns', () => {
  const patterns = matchPatterns();

  it('are valid, distinct match patterns with a wildcard only where allowed', () => {
    expect(patterns.length).toBeGreaterThan(0);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const p of patterns) {
      expect(p).toMatch(PATTERN);
      expect(p).not.toMatch(/^\*:\/\/\*\//);
    }
  });

  it('cover every host of every problem platform, and only those', () => {
    const hosts = new Set(sources.flatMap((p) => p.hosts));
    const patternHosts = new Set(patterns.map((p) => PATTERN.exec(p)?.[2]));
    for (const h of hosts) expect([...patternHosts].some((ph) => ph === h || (ph?.startsWith('*.') && h.endsWith(ph.slice(1)))), h).toBe(true);
    for (const ph of patternHosts) expect(hosts.has(ph ?? ''), ph).toBe(true);
  });

  it('match every canonical URL and every example on a listed host', () => {
    for (const p of sources) {
      for (const e of p.examples) {
        for (const text of [e.canonical, e.url]) {
          const url = toHttpUrl(text);
          if (!url || !p.hosts.includes(url.hostname)) continue;
          expect(patterns.some((pat) => patternMatches(pat, url)), text).toBe(true);
        }
      }
    }
  });

  it('keep naukri.com to Code360 and LeetCode to its whole host', () => {
    expect(patterns).toContain('*://leetcode.com/*');
    expect(patterns).toContain('*://www.naukri.com/code360/*');
    expect(patterns.some((p) => p.startsWith('*://www.naukri.com/') && p !== '*://www.naukri.com/code360/*')).toBe(false);
  });
});
