import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gitBlobSha, isEmptyRepository, parseCommit, parseContentsCommit, parseCreated, parseErrorMessage, parseRef, parseRepo, parseTree, rateLimitWait } from './answers';

const saved = (name: string) => readFileSync(new URL(`../../tests/fixtures/github/${name}`, import.meta.url), 'utf8');
const headers = (h: Record<string, string>) => new Headers(h);
const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('GitHub answers', () => {
  it('reads a repository, its default branch and whether the token may push', () => {
    expect(parseRepo(saved('repo.json'))).toEqual({ fullName: 'octocat/Hello-World', defaultBranch: 'master', canPush: false });
    // Without the permissions object (an answer to a caller it does not describe): unknown, not refused.
    expect(parseRepo(saved('repo-no-permissions.json'))).toEqual({ fullName: 'octocat/Hello-World', defaultBranch: 'main', canPush: null });
  });

  it('reads a branch head, a commit and a recursive tree', () => {
    expect(parseRef(saved('ref.json'))).toBe('aa218f56b14c9653891f9e74264a383fa43fefbd');
    expect(parseCommit(saved('commit.json'))).toEqual({
      sha: '7638417db6d59f3c431d3e1f261cc637155684cd',
      tree: '691272480426f78a0138979dd3ce63b77f706feb',
      parents: ['1acc419d4d6a9ce985db7be48c6349a0475975b5'],
    });
    const tree = parseTree(saved('tree-recursive.json'));
    // Directories and submodules are not files.
    expect(tree && [...tree.files]).toEqual([
      ['subdir/file.txt', '7c258a9869f33c1e1e1f74fbb32f07c86cb5a75b'],
      ['README.md', '44b4fc6d56897b048c772eb4087f854f46256132'],
    ]);
    expect(tree?.truncated).toBe(false);
    expect(parseTree(saved('tree-truncated.json'))?.truncated).toBe(true);
  });

  it('reads created objects and the contents API first commit', () => {
    expect(parseCreated(saved('blob-created.json'))).toBe('3a0f86fb8db8eea7ccbb9a95f325ddbedfb25e15');
    expect(parseCreated(saved('commit.json'))).toBe('7638417db6d59f3c431d3e1f261cc637155684cd');
    expect(parseContentsCommit(saved('contents-created.json'))).toEqual({ sha: '7638417db6d59f3c431d3e1f261cc637155684cd', tree: '691272480426f78a0138979dd3ce63b77f706feb' });
  });

  it('refuses broken or hostile answers instead of guessing', () => {
    for (const text of ['', 'not json', '<html>Unicorn!</html>', 'null', '[]', '{"sha": 5}', '{"sha": "../../etc/passwd"}', '{"sha": "ZZ218f56b14c9653891f9e74264a383fa43fefbd"}']) {
      expect(parseCreated(text)).toBeNull();
      expect(parseRef(text)).toBeNull();
      expect(parseCommit(text)).toBeNull();
      expect(parseTree(text)).toBeNull();
      expect(parseRepo(text)).toBeNull();
    }
    // A ref to a tag object is no branch head; a repository without a default branch is unusable.
    expect(parseRef(saved('ref.json').replace('"commit"', '"tag"'))).toBeNull();
    expect(parseRepo(saved('repo.json').replace('"master"', '""'))).toBeNull();
    expect(parseTree('{"sha": "fc6274d15fa3ae2ab983129fb037999f264ba9a7", "tree": [{"path": "a", "type": "blob", "mode": "100644", "sha": "x"}]}')).toBeNull();
  });

  it('knows an empty repository by its 409', () => {
    expect(isEmptyRepository(409, saved('empty-repository.json'))).toBe(true);
    expect(isEmptyRepository(409, '{"message": "Conflict"}')).toBe(false);
    expect(isEmptyRepository(404, saved('empty-repository.json'))).toBe(false);
  });

  it('tells rate limits from refusals, with GitHub’s waits', () => {
    expect(rateLimitWait(429, headers({ 'retry-after': '7' }), '', NOW)).toBe(7);
    expect(rateLimitWait(403, headers({ 'retry-after': '30' }), saved('secondary-rate-limit.json'), NOW)).toBe(30);
    expect(rateLimitWait(403, headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 1200) }), '{"message": "API rate limit exceeded for user ID 1."}', NOW)).toBe(1200);
    // A secondary limit without a wait: at least a minute.
    expect(rateLimitWait(403, headers({ 'x-ratelimit-remaining': '4000' }), saved('secondary-rate-limit.json'), NOW)).toBe(60);
    expect(rateLimitWait(429, headers({}), '', NOW)).toBe(60);
    // A reset in the past still waits a second; a permission refusal is no rate limit.
    expect(rateLimitWait(403, headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 - 10) }), '', NOW)).toBe(1);
    expect(rateLimitWait(403, headers({ 'x-ratelimit-remaining': '4999' }), saved('forbidden.json'), NOW)).toBeNull();
    expect(rateLimitWait(200, headers({ 'retry-after': '5' }), '', NOW)).toBeNull();
    expect(parseErrorMessage(saved('forbidden.json'))).toBe('Resource not accessible by personal access token');
  });

  it('computes Git’s blob sha', () => {
    // As `git hash-object --stdin` gives them.
    expect(gitBlobSha(new TextEncoder().encode('hello world\n'))).toBe('3b18e512dba79e4c8300dd08aeb37f8e728b8dad');
    expect(gitBlobSha(new Uint8Array())).toBe('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
  });
});
