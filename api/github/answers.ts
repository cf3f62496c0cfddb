import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * GitHub's REST answers as the export reads them (docs.github.com/rest: repos, git/refs, git/commits,
 * git/trees, git/blobs, repos/contents). Only what the export uses is checked; the rest may change freely.
 * Every function here is pure: text and headers in, a value or null out.
 */

const sha = z.string().regex(/^[0-9a-f]{40}$/);

const repoSchema = z.object({
  full_name: z.string(),
  default_branch: z.string().min(1),
  // Absent in answers to callers without a token (and in some older answers): no write access is known then.
  permissions: z.object({ push: z.boolean() }).partial().optional(),
});
const refSchema = z.object({ ref: z.string(), object: z.object({ sha, type: z.string() }) });
const commitSchema = z.object({ sha, tree: z.object({ sha }), parents: z.array(z.object({ sha })).default([]) });
const treeEntrySchema = z.object({ path: z.string(), mode: z.string(), type: z.string(), sha });
const treeSchema = z.object({ sha, tree: z.array(treeEntrySchema), truncated: z.boolean().default(false) });
const createdSchema = z.object({ sha });
const contentsSchema = z.object({ commit: z.object({ sha, tree: z.object({ sha }) }) });
const errorSchema = z.object({ message: z.string() });

function parse<S extends z.ZodType>(schema: S, text: string): z.infer<S> | null {
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export interface RepoInfo {
  fullName: string;
  defaultBranch: string;
  /** Whether the token may write; null when the answer does not say. */
  canPush: boolean | null;
}

/** GET /repos/{owner}/{repo}. */
export function parseRepo(text: string): RepoInfo | null {
  const r = parse(repoSchema, text);
  return r && { fullName: r.full_name, defaultBranch: r.default_branch, canPush: r.permissions?.push ?? null };
}

/** GET /repos/{owner}/{repo}/git/ref/heads/{branch}: the commit the branch points at. */
export function parseRef(text: string): string | null {
  const r = parse(refSchema, text);
  return r && r.object.type === 'commit' ? r.object.sha : null;
}

/** GET and POST /repos/{owner}/{repo}/git/commits. */
export function parseCommit(text: string): { sha: string; tree: string; parents: string[] } | null {
  const r = parse(commitSchema, text);
  return r && { sha: r.sha, tree: r.tree.sha, parents: r.parents.map((p) => p.sha) };
}

/** GET /repos/{owner}/{repo}/git/trees/{sha}?recursive=1: files by path (directories left out). */
export function parseTree(text: string): { sha: string; files: Map<string, string>; truncated: boolean } | null {
  const r = parse(treeSchema, text);
  if (!r) return null;
  const files = new Map<string, string>();
  for (const e of r.tree) if (e.type === 'blob') files.set(e.path, e.sha);
  return { sha: r.sha, files, truncated: r.truncated };
}

/** POST blobs, trees and commits answer the new object's sha (201). */
export function parseCreated(text: string): string | null {
  return parse(createdSchema, text)?.sha ?? null;
}

/** PUT /repos/{owner}/{repo}/contents/{path}: the commit that created the file. */
export function parseContentsCommit(text: string): { sha: string; tree: string } | null {
  const r = parse(contentsSchema, text);
  return r && { sha: r.commit.sha, tree: r.commit.tree.sha };
}

/** An error answer's message, when it has one. */
export function parseErrorMessage(text: string): string | null {
  return parse(errorSchema, text)?.message ?? null;
}

/** The documented answer of the Git database API on a repository without commits (409). */
export function isEmptyRepository(status: number, text: string): boolean {
  return status === 409 && /empty/i.test(parseErrorMessage(text) ?? '');
}

/**
 * Seconds to wait when an answer is a rate limit, or null when it is not one. GitHub's rules: a 403 or
 * 429 with retry-after (wait that long), or with x-ratelimit-remaining 0 (wait until x-ratelimit-reset,
 * epoch seconds), or a secondary limit's message (wait at least a minute). Any other 403 is a refusal.
 */
export function rateLimitWait(status: number, headers: Headers, text: string, nowMs: number): number | null {
  if (status !== 403 && status !== 429) return null;
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null && /^\d+$/.test(retryAfter.trim())) return Math.max(1, Number(retryAfter.trim()));
  if (headers.get('x-ratelimit-remaining') === '0') {
    const reset = Number(headers.get('x-ratelimit-reset'));
    return Number.isFinite(reset) && reset > 0 ? Math.max(1, Math.ceil(reset - nowMs / 1000)) : 60;
  }
  if (status === 429 || /rate limit/i.test(parseErrorMessage(text) ?? '')) return 60;
  return null;
}

/** The sha Git gives a file's content (sha1 of "blob <bytes>\0<content>"), known before anything is sent. */
export function gitBlobSha(content: Uint8Array): string {
  return createHash('sha1').update(`blob ${content.byteLength}\0`).update(content).digest('hex');
}
