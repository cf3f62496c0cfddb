import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('the privacy page from docs/privacy.md', () => {
  it('renders headings, paragraphs, lists and inline forms as text, never as markup', () => {
    const nodes = renderMarkdown(document, '# Title\n\nOne **bold** `code` [link](x.md)\nline two\n\n- item one\n  continued\n- <b>two</b>\n');
    const host = document.createElement('div');
    host.append(...nodes);
    expect(host.querySelector('h2')?.textContent).toBe('Title');
    expect(host.querySelector('p')?.textContent).toBe('One bold code link line two');
    expect(host.querySelector('strong')?.textContent).toBe('bold');
    expect([...host.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['item one continued', '<b>two</b>']);
    expect(host.querySelector('b')).toBeNull();
    expect(host.querySelector('a')).toBeNull();
  });

  it('shows every section of the shipped file', () => {
    const host = document.createElement('div');
    host.append(...renderMarkdown(document, readFileSync(resolve('docs/privacy.md'), 'utf8')));
    expect([...host.querySelectorAll('h3')].map((h) => h.textContent)).toEqual([
      'What it reads, and where',
      'What it sends, and to whom',
      'What it never reads',
      'The diagnostic',
      'What it keeps on this computer',
      'Your code on the tracker',
      'Exports',
      'Groups',
    ]);
  });
});
