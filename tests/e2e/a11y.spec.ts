import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, signUpAndSignIn } from './support/session';

/*
 * axe-core on every screen of the dashboard, in both themes, at desktop and phone width. Only serious
 * and critical violations fail a test: those block a keyboard or screen-reader user (no name, no label,
 * unreadable contrast, focus lost in a landmark-less page). Nothing is excluded or disabled.
 */

const W = '/question-tracker/v1/user/question';
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;

// Each test loads its screen four times and runs axe on each: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

interface Screen {
  name: string;
  signedIn: boolean;
  /** Opens the screen and waits until it shows what it is about. */
  open(page: Page): Promise<void>;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.skeleton')).toHaveCount(0);
}

const SCREENS: Screen[] = [
  {
    name: 'sign-in',
    signedIn: false,
    async open(page) {
      await page.goto('/question-tracker?tab=explore');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'explore',
    signedIn: false,
    async open(page) {
      await page.goto('/question-tracker?tab=explore');
      await expect(page.getByRole('heading', { name: 'Track Coding Sheets in One Place' })).toBeVisible();
    },
  },
  {
    name: 'a sheet',
    signedIn: true,
    async open(page) {
      await page.goto('/question-tracker/sheet/blind-75');
      await expect(page.getByTestId('question-row').first()).toBeVisible();
    },
  },
  {
    name: 'my sheets',
    signedIn: true,
    async open(page) {
      await page.goto('/question-tracker?tab=mySheets');
      await expect(page.getByText('No Sheets Followed')).toBeVisible();
    },
  },
  {
    name: 'workspace',
    signedIn: true,
    async open(page) {
      await page.goto('/question-tracker?tab=workspace');
      await expect(page.getByTestId('workspace-row').first()).toBeVisible();
    },
  },
  {
    name: 'notes',
    signedIn: true,
    async open(page) {
      await page.goto('/question-tracker?tab=notes');
      await expect(page.getByText('Question Notes').first()).toBeVisible();
    },
  },
  {
    name: 'analysis',
    signedIn: true,
    async open(page) {
      await page.goto('/question-tracker?tab=analysis');
      await expect(page.getByText('Analysis - Based on Solved Questions in My Workspace')).toBeVisible();
    },
  },
  {
    name: 'review',
    signedIn: true,
    async open(page) {
      await page.goto('/question-tracker?tab=review');
      await expect(page.getByTestId('review-row').first()).toBeVisible();
    },
  },
  {
    name: 'account',
    signedIn: true,
    async open(page) {
      await page.goto('/account');
      await expect(page.getByRole('heading').first()).toBeVisible();
    },
  },
  {
    name: 'profile',
    signedIn: false,
    async open(page) {
      await page.goto('/profile/practice-tracker');
      await expect(page.getByRole('heading', { name: 'Practice Tracker Team' })).toBeVisible();
    },
  },
  {
    name: 'pricing',
    signedIn: false,
    async open(page) {
      await page.goto('/question-tracker/sheet/premium/pricing');
      await expect(page.getByRole('heading').first()).toBeVisible();
    },
  },
  {
    name: 'error screen',
    signedIn: false,
    async open(page) {
      await page.goto('/question-tracker/no-such-page');
      await expect(page.getByRole('heading', { name: 'Oops! Something Went Wrong' })).toBeVisible();
    },
  },
];

/** A workspace with something in every tab: two ticked questions (analysis), one starred (review). */
async function fillWorkspace(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const urls = [
    ['https://leetcode.com/problems/two-sum/', { checked: true, starred: true }],
    ['https://codeforces.com/problemset/problem/4/A', { checked: true, starred: false }],
  ] as const;
  for (const [url, state] of urls) {
    const look = await request.get(`/question-tracker/v1/question/search-question2?problemUrl=${encodeURIComponent(url)}`);
    const questionId = ((await look.json()) as { data: { question: { _id: string } } }).data.question._id;
    const res = await request.post(`${W}/solve-question`, { data: { questionId, ...state, customTags: ['revisit'] }, headers });
    expect(res.status()).toBe(201);
  }
}

/** Serious and critical violations, one line each, with the first few offending elements. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)}]` : ''}`).join('; ')}`);
}

for (const screen of SCREENS) {
  test(`axe: ${screen.name} has no serious or critical violation in light and dark, at 1280 and 390 px`, async ({ page, request }) => {
    if (screen.signedIn) {
      const me = await signUpAndSignIn(page, request, 'Axe');
      await fillWorkspace(request, me.token);
    }
    const found: string[] = [];
    for (const theme of THEMES) {
      await page.addInitScript((t) => window.localStorage.setItem('pt.theme', t), theme);
      for (const size of WIDTHS) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await screen.open(page);
        await settle(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        for (const line of await seriousViolations(page)) found.push(`${theme} ${size.name}: ${line}`);
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}

/** Opens a dialog or menu, checks the page with it open, then closes it with Escape. */
interface Overlay {
  name: string;
  url: string;
  open(page: Page): Promise<void>;
}

const SHEET_OVERLAYS: Overlay[] = [
  { name: 'Share Sheet', url: '', open: (page) => page.getByRole('button', { name: 'Share' }).click() },
  {
    name: 'Sheet Settings',
    url: '',
    async open(page) {
      await page.getByRole('button', { name: 'Sheet menu' }).click();
      await page.getByRole('menuitem', { name: 'Sheet Settings' }).click();
    },
  },
  {
    name: 'Bulk Import to Sheet',
    url: '',
    async open(page) {
      await page.getByRole('button', { name: 'Sheet menu' }).click();
      await page.getByRole('menuitem', { name: 'Import Questions' }).click();
    },
  },
  { name: 'Add Question (sheet)', url: '', open: (page) => page.getByRole('button', { name: 'Add question to Arrays' }).click() },
  { name: 'row menu', url: '', open: (page) => page.getByTestId('question-row').first().getByRole('button', { name: 'More actions' }).click() },
];

for (const theme of THEMES) {
  test(`axe: dialogs and menus (sheet, workspace, account, phone menu) in the ${theme} theme at 1280 and 390 px`, async ({ page, request }) => {
    const me = await signUpAndSignIn(page, request, 'Dialogs');
    await fillWorkspace(request, me.token);
    const S = '/question-tracker/v2/sheet';
    const slug = `axe-${Date.now()}`;
    const { sheet } = await api<{ sheet: { _id: string } }>(request, me.token, 'POST', `${S}/create-sheet`, { name: `Axe ${slug}`, slug });
    await api(request, me.token, 'POST', `${S}/add-topic/${sheet._id}`, { topic: 'Arrays' });
    await api(request, me.token, 'POST', `${S}/add-questions/${sheet._id}`, { data: [{ topic: 'Arrays', subTopic: '', problemUrl: 'https://leetcode.com/problems/two-sum/' }] });
    await page.addInitScript((t) => window.localStorage.setItem('pt.theme', t), theme);

    const found: string[] = [];
    const check = async (label: string) => {
      for (const line of await seriousViolations(page)) found.push(`${label}: ${line}`);
    };
    for (const size of WIDTHS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`/question-tracker/sheet/${slug}`);
      await expect(page.getByTestId('question-row').first()).toBeVisible();
      await settle(page);
      for (const overlay of SHEET_OVERLAYS) {
        await overlay.open(page);
        await expect(page.locator('dialog[open], [role="menu"]').first()).toBeVisible();
        await check(`${size.name} ${overlay.name}`);
        await page.keyboard.press('Escape');
        await expect(page.locator('dialog[open], [role="menu"]')).toHaveCount(0);
      }

      await page.goto('/question-tracker?tab=workspace');
      await expect(page.getByTestId('workspace-row').first()).toBeVisible();
      await page.getByRole('button', { name: 'Add Question' }).last().click();
      await expect(page.getByRole('dialog', { name: 'Add Question' })).toBeVisible();
      await check(`${size.name} Add Question (workspace)`);
      await page.keyboard.press('Escape');

      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      await check(`${size.name} Keyboard shortcuts`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Account menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await check(`${size.name} account menu`);
      await page.keyboard.press('Escape');

      if (size.name === 'phone') {
        await page.getByRole('button', { name: 'Sections menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
        await check(`${size.name} sections menu`);
        await page.keyboard.press('Escape');
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
