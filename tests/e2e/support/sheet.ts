import type { APIRequestContext, Page } from '@playwright/test';
import { api } from './session';

/** What the sheet specs share: the sheet API's prefix, sheets made through it, and the page's parts. */
export const S = '/question-tracker/v2/sheet';

export async function newSheet(request: APIRequestContext, token: string) {
  const slug = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const { sheet } = await api<{ sheet: { _id: string } }>(request, token, 'POST', `${S}/create-sheet`, { name: `E2E ${slug}`, slug });
  return { id: sheet._id, slug };
}

/** A new sheet with these topics, in this order, each holding the problems at these URLs. */
export async function sheetWithTopics(request: APIRequestContext, token: string, topics: Record<string, string[]>) {
  const sheet = await newSheet(request, token);
  for (const topic of Object.keys(topics)) await api(request, token, 'POST', `${S}/add-topic/${sheet.id}`, { topic });
  const data = Object.entries(topics).flatMap(([topic, urls]) => urls.map((problemUrl) => ({ topic, subTopic: '', problemUrl })));
  if (data.length) await api(request, token, 'POST', `${S}/add-questions/${sheet.id}`, { data });
  return sheet;
}

export const row = (page: Page, title: string) => page.getByTestId('question-row').filter({ hasText: title });
/** The sheet's topic names, in the order shown. */
export const topicNames = (page: Page) => page.locator('section[aria-label^="Topic "] > .section-bar .section-name');
/** A topic's subtopic names, in the order shown. */
export const subTopicNames = (page: Page, topic: string) => page.getByRole('region', { name: `Topic ${topic}` }).locator('.subtopic-section > .section-bar .section-name');

/** A sheet long enough to start with its later topics collapsed and only the rows near the viewport drawn. */
export async function longSheet(request: APIRequestContext, token: string, topics: string[], big: string, count: number) {
  const sheet = await newSheet(request, token);
  for (const topic of topics) await api(request, token, 'POST', `${S}/add-topic/${sheet.id}`, { topic });
  const seed = 1 + Math.floor(Math.random() * 9000);
  const data = Array.from({ length: count }, (_, i) => ({ topic: big, subTopic: '', title: `Long ${String(i + 1).padStart(3, '0')}`, problemUrl: `https://codeforces.com/contest/${seed * 1000 + i}/problem/A` }));
  for (let i = 0; i < data.length; i += 100) await api(request, token, 'POST', `${S}/add-questions/${sheet.id}`, { data: data.slice(i, i + 100) });
  return { ...sheet, urls: data.map((d) => d.problemUrl) };
}

/** Marks problems solved for the user in one request, through the progress import (a CSV of problemUrl, solved). */
export async function solveByImport(request: APIRequestContext, token: string, urls: readonly string[]) {
  const csv = ['problemUrl,solved', ...urls.map((u) => `${u},true`)].join('\n');
  const res = await request.post('/question-tracker/v1/user/uploader/progress', {
    multipart: { file: { name: 'progress.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status() !== 200) throw new Error(`progress import: ${res.status()} ${await res.text()}`);
}
