import { describe, expect, it } from 'vitest';
import { formatTimeSpent, languageLabel, solutionLanguage, suggestRating } from './solutions';

describe('suggestRating', () => {
  it.each([
    [{ attempts: 0, timeSpentSec: 300 }, 'easy'],
    [{ attempts: 0, timeSpentSec: null }, 'easy'],
    [{ attempts: null, timeSpentSec: 120 }, 'easy'],
    [{ attempts: 1, timeSpentSec: 300 }, 'good'],
    [{ attempts: 0, timeSpentSec: 20 * 60 }, 'good'],
    [{ attempts: 2, timeSpentSec: 44 * 60 }, 'good'],
    [{ attempts: 3, timeSpentSec: 60 }, 'hard'],
    [{ attempts: 0, timeSpentSec: 45 * 60 }, 'hard'],
    [{ attempts: null, timeSpentSec: 2 * 3600 }, 'hard'],
    [{ attempts: null, timeSpentSec: null }, null],
  ] as const)('%o suggests %s', (solve, rating) => {
    expect(suggestRating(solve)).toBe(rating);
  });
});

describe('solution languages', () => {
  it.each([
    ['GNU G++17 7.3.0', 'cpp'],
    ['cpp', 'cpp'],
    ['C# 10, .NET SDK 6.0', 'csharp'],
    ['GNU C11', 'c'],
    ['c', 'c'],
    ['Java 21 64bit', 'java'],
    ['python3', 'python'],
    ['PyPy 3.10', 'python'],
    ['javascript', 'javascript'],
    ['Node.js 15.8.0', 'javascript'],
    ['typescript', 'typescript'],
    ['golang', 'go'],
    ['Go 1.22.2', 'go'],
    ['Rust 2021', 'rust'],
    ['Kotlin 1.9', 'kotlin'],
    ['mysql', 'sql'],
    ['Haskell GHC 9', 'haskell'],
    ['Delphi 7', 'pascal'],
    ['Oracle', 'sql'],
    ['node', 'javascript'],
    ['F# 7.0 (.NET 7)', 'fsharp'],
    ['Objective-C', 'objectivec'],
    ['Dart 3', 'dart'],
    ['dmd 2.105', 'd'],
    ['R 4.2', 'r'],
    ['Bash 5', 'bash'],
  ])('%s is %s', (name, id) => {
    expect(solutionLanguage(name)?.id).toBe(id);
  });
  it.each([
    ['GNU G++17 7.3.0', 'cpp'],
    ['C# 10, .NET SDK 6.0', 'cs'],
    ['python3', 'py'],
    ['Kotlin 1.9', 'kt'],
    ['Objective-C', 'm'],
    ['Elixir 1.15', 'ex'],
    ['OCaml 4.14', 'ml'],
    ['Free Pascal 3', 'pas'],
    ['MS SQL Server', 'sql'],
  ])('%s is exported as .%s', (name, ext) => {
    expect(solutionLanguage(name)?.ext).toBe(ext);
  });
  it('keeps an unknown name as given', () => {
    expect(solutionLanguage('Brainfuck')).toBeNull();
    expect(languageLabel('Brainfuck')).toBe('Brainfuck');
    expect(languageLabel('python3')).toBe('Python');
  });
});

describe('formatTimeSpent', () => {
  it.each([
    [45, '45 s'],
    [600, '10 min'],
    [3600, '1 h'],
    [3900, '1 h 5 min'],
  ])('%i s reads %s', (s, text) => expect(formatTimeSpent(s)).toBe(text));
});
