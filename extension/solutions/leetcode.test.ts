import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOLUTION_MAX_BYTES, SOLUTION_MESSAGES } from '@shared/rules/solutions';
import { parseSubmissionDetails, submissionDetailsBody } from './leetcode';

const answer = (file: string): unknown => JSON.parse(readFileSync(resolve(import.meta.dirname, '../../tests/fixtures/solutions/leetcode', file), 'utf8'));

describe("LeetCode's submission details", () => {
  it('asks for one submission by its number', () => {
    const body = JSON.parse(submissionDetailsBody('1579690000')) as { operationName: string; query: string; variables: unknown };
    expect(body.operationName).toBe('submissionDetails');
    expect(body.variables).toEqual({ submissionId: 1579690000 });
    expect(body.query).toMatch(/submissionDetails\(submissionId: \$submissionId\)[\s\S]*code[\s\S]*lang \{ name verboseName \}/);
  });

  it("reads today's answer: the code and the language's display name", () => {
    const read = parseSubmissionDetails(answer('submission-details.json'), 'two-sum');
    expect(read).toMatchObject({ ok: true, language: 'Python3' });
    expect(read.ok && read.code).toMatch(/^class Solution:\n {4}def twoSum/);
  });

  it('reads the older submissionDetail answer, its language a plain name, line ends made plain', () => {
    expect(parseSubmissionDetails(answer('submission-detail-older.json'), 'minimum-window-substring')).toEqual({
      ok: true,
      language: 'cpp',
      code: 'class Solution {\npublic:\n    string minWindow(string s, string t) { return ""; }\n};',
    });
  });

  it('refuses what is not the Accepted code of this problem', () => {
    expect(parseSubmissionDetails(answer('submission-details.json'), 'three-sum')).toMatchObject({ ok: false, error: 'That submission is for another problem.' });
    expect(parseSubmissionDetails(answer('submission-details-wrong-answer.json'), 'two-sum')).toMatchObject({ ok: false, error: 'That submission was not Accepted.' });
    expect(parseSubmissionDetails(answer('submission-details-null.json'), 'two-sum')).toMatchObject({ ok: false, error: 'LeetCode shows no such submission of yours.' });
  });

  it("refuses code over the solutions' limit with the tracker's own words", () => {
    const details = (code: string) => ({ data: { submissionDetails: { code, statusCode: 10, lang: { name: 'cpp', verboseName: 'C++' }, question: { titleSlug: 'two-sum' } } } });
    expect(parseSubmissionDetails(details('x'.repeat(SOLUTION_MAX_BYTES)), 'two-sum')).toMatchObject({ ok: true, language: 'C++' });
    expect(parseSubmissionDetails(details('é'.repeat(SOLUTION_MAX_BYTES / 2 + 1)), 'two-sum')).toEqual({ ok: false, error: SOLUTION_MESSAGES.tooLarge });
  });

  it('never throws on a hostile or broken answer', () => {
    expect(parseSubmissionDetails(answer('submission-details-hostile.json'), 'two-sum')).toMatchObject({ ok: false });
    expect(parseSubmissionDetails({ errors: [{ message: 'User is not logged in' }], data: { submissionDetails: null } }, null)).toMatchObject({ ok: false, signedOut: true });
    for (const bad of [null, 'x', [], { data: 'x' }, { data: { submissionDetails: 'x' } }, { data: { submissionDetails: { code: 'a', lang: {} } } }]) {
      expect(parseSubmissionDetails(bad, null).ok, JSON.stringify(bad)).toBe(false);
    }
  });
});
