import { expect, test, type Locator, type Page } from '@playwright/test';
import { verifyAddress } from './support/mailbox';
import { api, signUpAndSignIn } from './support/session';

const S = '/question-tracker/v2/sheet';

const cards = (page: Page) => page.getByRole('article');
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
async function followers(c: Locator): Promise<number> {
  const text = await c.getByTitle('Followers').innerText();
  return Number(text.replace(/[^0-9]/g, ''));
}

test('a visitor browses categories, shows more, searches and meets the premium sheets', async ({ page }) => {
  await page.goto('/question-tracker?tab=explore');
  await expect(page.getByRole('heading', { name: 'Track Coding Sheets in One Place' })).toBeVisible();
  await expect(page.getByText('Choose from 30+ structured coding paths')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^All Sheets/ })).toBeVisible();
  await expect(cards(page)).toHaveCount(6);
  // Sorted by followers: Blind 75 leads.
  await expect(cards(page).first()).toHaveAccessibleName('Blind 75');
  await page.getByRole('button', { name: 'Show More' }).click();
  expect(await cards(page).count()).toBeGreaterThanOrEqual(34);
  await page.getByRole('button', { name: 'Show Less' }).click();
  await expect(cards(page)).toHaveCount(6);

  const categories = page.getByRole('group', { name: 'Categories' });
  await categories.getByRole('button', { name: 'Popular' }).click();
  await expect(page).toHaveURL(/tab=explore&category=popular/);
  await expect(page.getByRole('heading', { name: /^Popular Sheets/ })).toBeVisible();
  await expect(categories.getByRole('button', { name: 'Popular' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page)).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Show More' })).toHaveCount(0);
  const blind = card(page, 'Blind 75');
  await expect(blind.getByRole('link', { name: 'Blind 75' })).toHaveAttribute('href', '/question-tracker/sheet/blind-75');
  await expect(blind.getByText('75 questions')).toBeVisible();
  await expect(blind.getByRole('link', { name: /^by / })).toHaveAttribute('target', '_blank');

  await categories.getByRole('button', { name: 'Quick Revision' }).click();
  await expect(page.getByRole('heading', { name: /^Quick Revision Sheets/ })).toBeVisible();
  await expect(cards(page)).toHaveCount(2);

  // An unknown category falls back to all.
  await page.goto('/question-tracker?tab=explore&category=nonsense');
  await expect(page.getByRole('heading', { name: /^All Sheets/ })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search any coding sheet' });
  await search.fill('rating ladder');
  await expect(page).toHaveURL(/category=custom&search=rating\+ladder/);
  await expect(cards(page)).toHaveCount(5);
  await expect(cards(page).first()).toHaveAccessibleName('Codeforces Ladder: Rating 800');
  await search.fill('zzz no such sheet');
  await expect(page.getByText('No sheets found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByRole('heading', { name: /^All Sheets/ })).toBeVisible();

  await categories.getByRole('button', { name: 'Company Wise' }).click();
  await expect(page.getByRole('heading', { name: /^Company Wise Sheets/ })).toBeVisible();
  const google = card(page, 'Google Interview Sheet');
  await expect(google.getByRole('link', { name: 'Google Interview Sheet' })).toHaveAttribute('href', '/question-tracker/sheet/premium/google-interview-sheet');
  // Not purchased: no question count, a Learn More link instead.
  await expect(google.getByText(/questions$/)).toHaveCount(0);
  await google.getByRole('link', { name: 'Learn More' }).click();
  await expect(page).toHaveURL(/\/question-tracker\/sheet\/premium\/pricing$/);
  await expect(page.getByRole('heading', { name: 'What Premium includes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How access is granted' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Amazon Interview Sheet' })).toBeVisible();
});

test("a premium sheet's own page, not purchased, shows neither its question count nor a progress", async ({ page }) => {
  await page.goto('/question-tracker/sheet/premium/google-interview-sheet');
  await expect(page.getByRole('heading', { name: 'This is a premium sheet' })).toBeVisible();
  await expect(page.getByText('Its questions are available with premium access.')).toBeVisible();
  await expect(page.getByText(/\d+\s*\/\s*\d+ solved|\d+ questions/)).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});

test('following from a card asks a visitor to sign in', async ({ page }) => {
  await page.goto('/question-tracker?tab=explore&category=popular');
  await card(page, 'Grind 75').getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
});

test('a user follows and unfollows from a card, and sees it under Followed Sheets', async ({ page, request }) => {
  await signUpAndSignIn(page, request, 'Follower');
  await page.goto('/question-tracker?tab=explore&category=dsa');
  const c = card(page, 'Complete DSA Roadmap');
  await expect(c.getByText(/^0\/\d+$/)).toBeVisible();
  const before = await followers(c);
  await c.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByText('Sheet followed successfully')).toBeVisible();
  await expect(c.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect.poll(() => followers(c)).toBe(before + 1);

  await page.getByRole('link', { name: 'My Sheets' }).click();
  const followed = page.getByRole('list', { name: 'Followed Sheets' });
  await expect(followed.getByRole('article', { name: 'Complete DSA Roadmap' })).toBeVisible();
  await followed.getByRole('button', { name: 'Following' }).click();
  const confirm = page.getByRole('dialog', { name: 'Unfollow sheet' });
  await expect(confirm.getByText('Are you sure you want to unfollow this sheet?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(followed.getByRole('article')).toHaveCount(1);
  await followed.getByRole('button', { name: 'Following' }).click();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Sheet unfollowed successfully')).toBeVisible();
  await expect(page.getByText('No Sheets Followed')).toBeVisible();
  await expect(page.getByText('Get Started by following a sheet')).toBeVisible();

  await page.goto('/question-tracker?tab=explore&category=dsa');
  await expect(card(page, 'Complete DSA Roadmap').getByRole('button', { name: 'Follow' })).toBeVisible();
  await expect.poll(() => followers(card(page, 'Complete DSA Roadmap'))).toBe(before);
});

test('a user creates a sheet, lands on it, and finds it under Custom Sheets', async ({ page, request }) => {
  const stamp = Date.now();
  // Someone else already has the slug the name suggests: creation retries with a suffix.
  const other = await request.post('/auth/v1/signup', { data: { email: `other-${stamp}@example.com`, password: 'e2e-password-1', firstName: 'Other' } });
  const otherToken = ((await other.json()) as { data: { token: string } }).data.token;
  await api(request, otherToken, 'POST', `${S}/create-sheet`, { name: 'Taken', slug: `graph-drills-${stamp}` });

  await signUpAndSignIn(page, request, 'Creator');
  await page.goto('/question-tracker?tab=mySheets');
  await expect(page.getByText('No custom sheets created yet.')).toBeVisible();
  await expect(page.getByText('No Sheets Have Been Shared With You')).toBeVisible();
  await page.getByRole('button', { name: 'Create Sheet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a new sheet' });
  await dialog.getByRole('button', { name: 'Create Sheet' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Sheet name cannot be empty.');
  await dialog.getByLabel('Sheet name').fill(`Graph Drills ${stamp}`);
  await dialog.getByLabel(/Description/).fill('BFS and DFS warm-ups');
  await dialog.getByRole('button', { name: 'Create Sheet' }).click();
  await expect(page.getByText('Sheet created successfully')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/question-tracker/sheet/graph-drills-${stamp}-[a-z0-9]{6}$`));
  await expect(page.getByRole('heading', { name: `Graph Drills ${stamp}` })).toBeVisible();

  await page.getByRole('link', { name: 'My Sheets' }).click();
  const custom = page.getByRole('list', { name: 'Custom Sheets' });
  const mine = custom.getByRole('article', { name: `Graph Drills ${stamp}` });
  await expect(mine).toBeVisible();
  await expect(mine.getByText('Private')).toBeVisible();
  await expect(mine.getByRole('button', { name: /Follow/ })).toHaveCount(0);

  // The same name again is refused inline.
  await page.getByRole('button', { name: 'Create Sheet' }).click();
  await dialog.getByLabel('Sheet name').fill(`graph drills ${stamp}`);
  await dialog.getByRole('button', { name: 'Create Sheet' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Sheet name already exists. Please choose a different name.');
});

test('a user accepts and declines invites under Shared With You', async ({ page, request }) => {
  const stamp = Date.now();
  const owner = await request.post('/auth/v1/signup', { data: { email: `owner-${stamp}@example.com`, password: 'e2e-password-1', firstName: 'Owner' } });
  const ownerToken = ((await owner.json()) as { data: { token: string } }).data.token;
  const me = await signUpAndSignIn(page, request, 'Invitee');
  for (const name of [`Team Sheet ${stamp}`, `Other Sheet ${stamp}`]) {
    const { sheet } = await api<{ sheet: { _id: string } }>(request, ownerToken, 'POST', `${S}/create-sheet`, { name, slug: name.toLowerCase().replace(/ /g, '-') });
    await api(request, ownerToken, 'POST', `${S}/collaborators/send-collaboration-invite/${sheet._id}`, { email: me.email });
  }
  await verifyAddress(request, me.email);
  await page.goto('/question-tracker?tab=mySheets');
  const invites = page.getByRole('list', { name: 'Pending invites' });
  await expect(invites.getByRole('article')).toHaveCount(2);
  await invites.getByRole('article', { name: `Other Sheet ${stamp}` }).getByRole('button', { name: 'Decline' }).click();
  await expect(invites.getByRole('article')).toHaveCount(1);
  await invites.getByRole('article', { name: `Team Sheet ${stamp}` }).getByRole('button', { name: 'Accept' }).click();
  const shared = page.getByRole('list', { name: 'Shared With You' });
  await expect(shared.getByRole('article', { name: `Team Sheet ${stamp}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pending invites' })).toHaveCount(0);
  await shared.getByRole('link', { name: `Team Sheet ${stamp}` }).click();
  await expect(page.getByRole('heading', { name: `Team Sheet ${stamp}` })).toBeVisible();
});

test('a public profile shows the author, counts and public sheets', async ({ page }) => {
  await page.goto('/profile/practice-tracker');
  await expect(page.getByRole('heading', { name: 'Practice Tracker Team' })).toBeVisible();
  await expect(page.getByText('@practice-tracker')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Public Sheets' })).toBeVisible();
  await expect(cards(page)).toHaveCount(6);
  await page.goto('/profile/nobody-by-this-name');
  await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
});
