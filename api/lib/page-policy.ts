import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * The dashboard's page policy: the build writes, next to index.html, which inline scripts the page
 * carries (as the Content-Security-Policy hash sources that let them run) and which index.html they
 * belong to. The server reads it when the page changes instead of reading scripts out of the HTML.
 */
export const PAGE_POLICY_FILE = 'index.csp.json';

const pagePolicySchema = z.object({
  /** SHA-256 of index.html's bytes, hex: the page this policy was written for. */
  page: z.string().regex(/^[0-9a-f]{64}$/),
  scriptSources: z.array(z.string().regex(/^'sha256-[A-Za-z0-9+/]+=*'$/)),
});
type PagePolicy = z.infer<typeof pagePolicySchema>;

/**
 * The hash source a Content-Security-Policy allows an inline script by. A browser hashes the
 * script's text as parsed, its line breaks made \n.
 */
export const scriptHashSource = (code: string) =>
  `'sha256-${createHash('sha256').update(code.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`;

const pageDigest = (html: Buffer | string) => createHash('sha256').update(html).digest('hex');

/** Writes the policy of `dir`'s index.html, whose inline scripts are exactly `scripts` (checked). */
export function writePagePolicy(dir: string, scripts: readonly string[]): PagePolicy {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  for (const code of scripts) {
    if (!html.includes(`>${code}</script`)) throw new Error(`index.html in ${dir} does not carry the inline script whose hash it would be allowed by`);
  }
  const policy: PagePolicy = { page: pageDigest(html), scriptSources: scripts.map(scriptHashSource) };
  writeFileSync(join(dir, PAGE_POLICY_FILE), `${JSON.stringify(policy, null, 2)}\n`);
  return policy;
}

/**
 * `dir`'s index.html and the script sources its policy allows. Throws when the policy is missing,
 * malformed or written for another index.html: served anyway, the page's own script would be blocked.
 */
export function readPagePolicy(dir: string): { html: Buffer; scriptSources: string[] } {
  const html = readFileSync(join(dir, 'index.html'));
  const path = join(dir, PAGE_POLICY_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`The dashboard in ${dir} has no readable ${PAGE_POLICY_FILE}; build it with npm run build:dashboard`, { cause: err });
  }
  const policy = pagePolicySchema.safeParse(raw);
  if (!policy.success) throw new Error(`${path} is malformed: ${policy.error.message}`);
  if (policy.data.page !== pageDigest(html)) {
    throw new Error(`${path} was written for another index.html (a build in progress, or copied by hand); build it with npm run build:dashboard`);
  }
  return { html, scriptSources: policy.data.scriptSources };
}
