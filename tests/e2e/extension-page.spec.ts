import { expect, test, type Page } from '@playwright/test';
import { overflow } from './support/layout';
import { signUpAndSignIn } from './support/session';

/**
 * Labels in the step drawings that do not fit: outside the drawing, the button or the address bar they
 * sit in, or over the switch drawn beside them.
 */
function clippedArtLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bad: string[] = [];
    const inside = (a: DOMRect, b: DOMRect) => a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
    const meets = (a: DOMRect, b: DOMRect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const svg of document.querySelectorAll<SVGSVGElement>('svg.ext-art')) {
      const frame = svg.viewBox.baseVal;
      const view = new DOMRect(frame.x, frame.y, frame.width, frame.height);
      const shapes = [...svg.querySelectorAll<SVGRectElement>('rect.ext-art-on, rect.ext-art-button, rect.ext-art-bar')].map((r) => ({ kind: r.classList[0], box: r.getBBox() }));
      for (const text of svg.querySelectorAll<SVGTextElement>('text')) {
        const box = text.getBBox();
        const label = text.textContent.trim();
        if (!inside(box, view)) bad.push(`${label}: outside the drawing`);
        for (const shape of shapes) {
          if (shape.kind !== 'ext-art-on' && meets(box, shape.box) && !inside(box, shape.box)) bad.push(`${label}: wider than its ${shape.kind === 'ext-art-bar' ? 'address bar' : 'button'}`);
          if (shape.kind === 'ext-art-on' && meets(box, shape.box)) bad.push(`${label}: over the switch`);
        }
      }
    }
    return bad;
  });
}

// The server offers the extension it built: a page with both browsers' packages and how to add them,
// linked from wherever the extension is needed, with no build commands in what users read.

for (const size of [{ name: 'phone', viewport: { width: 390, height: 844 } }, { name: 'desktop', viewport: { width: 1280, height: 1000 } }]) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('the Get the extension page offers both packages with three illustrated steps each, loading nothing from elsewhere', async ({ page, baseURL }) => {
      const origin = new URL(baseURL!).origin;
      const elsewhere: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) elsewhere.push(r.url());
      });
      await page.goto('/question-tracker/extension');
      await expect(page.getByRole('heading', { name: 'Get the extension', level: 1 })).toBeVisible();
      for (const [id, name, file] of [['chrome', 'Chrome', 'extension-chrome.zip'], ['firefox', 'Firefox', 'extension-firefox.zip']] as const) {
        const section = page.getByTestId(`ext-${id}`);
        await expect(section.getByRole('listitem')).toHaveCount(3);
        await expect(section.locator('svg.ext-art')).toHaveCount(3);
        const link = section.getByRole('link', { name: `Download for ${name}` });
        await expect(link).toHaveAttribute('href', `/downloads/${file}`);
        // The link downloads the zip the build wrote.
        const download = page.waitForEvent('download');
        await link.click();
        expect((await download).suggestedFilename()).toBe(file);
      }
      await expect(page.locator('main')).not.toContainText('npm ');
      // The page is none of the tracker's tabs.
      await expect(page.locator('header [aria-current="page"]')).toHaveCount(0);
      expect(await clippedArtLabels(page)).toEqual([]);
      expect(await overflow(page)).toEqual([]);
      expect(elsewhere).toEqual([]);
    });

    test('the Sync dialog without the extension links to the page, with no build commands', async ({ page, request }) => {
      await signUpAndSignIn(page, request, 'Getter');
      await page.goto('/question-tracker?tab=workspace');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Sync solved problems' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sync solved problems' });
      const help = dialog.getByTestId('sync-no-extension');
      await expect(help).toBeVisible();
      await expect(help).not.toContainText(/npm|unpacked|\.output/i);
      await help.getByRole('link', { name: 'Get the extension' }).click();
      await expect(page).toHaveURL(/\/question-tracker\/extension$/);
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Get the extension', level: 1 })).toBeVisible();
    });
  });
}

test('a package the server has not got answers a 404 that says so', async ({ request }) => {
  const res = await request.get('/downloads/extension-edge.zip');
  expect(res.status()).toBe(404);
  const zip = await request.get('/downloads/extension-chrome.zip');
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');
  expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
});
