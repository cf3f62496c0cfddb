/**
 * A local stand-in for GitHub's REST API, the parts a solutions export uses: repos, the Git Data API
 * (git/ref, git/refs, git/commits, git/trees, git/blobs) and contents (an empty repository's first commit),
 * with GitHub's answer shapes and its error answers (401 bad credentials, 404 unseen repository, 409 empty
 * repository, 422 not a fast forward, 403/429 rate limits). Objects are kept per repository; a blob's sha
 * is Git's own, so unchanged files keep their sha as on GitHub.
 *
 * Used by the API tests (in process, through `fetch`) and by the browser tests as part of the fake judge
 * server (GITHUB_API_ORIGIN=http://127.0.0.1:<port>/github). With `anyToken`, a token starting with
 * github_pat_ opens any repository (made on first sight): `…readonly…` cannot write, `…revoked…` is refused,
 * and a repository whose name contains "empty" starts without commits.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';

type GitObject = { type: 'blob'; content: Buffer } | { type: 'tree'; files: Map<string, string> } | { type: 'commit'; tree: string; parents: string[]; message: string };

interface FakeRepo {
  owner: string;
  name: string;
  defaultBranch: string;
  empty: boolean;
  objects: Map<string, GitObject>;
  refs: Map<string, string>;
  tokens: Map<string, { push: boolean }>;
}

interface FakeGithubRequest {
  method: string;
  path: string;
  status: number;
}

interface Failure {
  method: string;
  pattern: RegExp;
  /** Requests matching to let through before this one fails. */
  skip: number;
  status: number;
  headers: Record<string, string>;
  body: string;
}

const DOCS = 'https://docs.github.com/rest';
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const sha1 = (text: string | Buffer) => createHash('sha1').update(text).digest('hex');
const blobSha = (content: Buffer) => createHash('sha1').update(`blob ${content.byteLength}\0`).update(content).digest('hex');

export function createFakeGithub(options: { anyToken?: boolean; origin?: string } = {}) {
  const origin = options.origin ?? 'https://api.github.com';
  const repos = new Map<string, FakeRepo>();
  const requests: FakeGithubRequest[] = [];
  const failures: Failure[] = [];
  const hangs: { method: string; pattern: RegExp; release: Promise<void>; waiting: number }[] = [];
  let counter = 0;

  const keyOf = (owner: string, name: string) => `${owner}/${name}`.toLowerCase();

  function put(repo: FakeRepo, obj: GitObject): string {
    let sha: string;
    if (obj.type === 'blob') sha = blobSha(obj.content);
    else if (obj.type === 'tree') sha = sha1(`tree ${JSON.stringify([...obj.files].sort(([a], [b]) => (a < b ? -1 : 1)))}`);
    else sha = sha1(`commit ${obj.tree} ${obj.parents.join(',')} ${obj.message} ${++counter}`);
    repo.objects.set(sha, obj);
    return sha;
  }

  function commitFiles(repo: FakeRepo, files: Record<string, string>, parents: string[], message: string): string {
    const tree = new Map<string, string>();
    for (const [path, text] of Object.entries(files)) tree.set(path, put(repo, { type: 'blob', content: Buffer.from(text) }));
    return put(repo, { type: 'commit', tree: put(repo, { type: 'tree', files: tree }), parents, message });
  }

  function addRepo(owner: string, name: string, opts: { token?: string; push?: boolean; empty?: boolean; defaultBranch?: string } = {}): FakeRepo {
    const repo: FakeRepo = { owner, name, defaultBranch: opts.defaultBranch ?? 'main', empty: !!opts.empty, objects: new Map(), refs: new Map(), tokens: new Map() };
    if (opts.token) repo.tokens.set(opts.token, { push: opts.push ?? true });
    if (!repo.empty) repo.refs.set(repo.defaultBranch, commitFiles(repo, { 'LICENSE': 'MIT\n' }, [], 'Initial commit'));
    repos.set(keyOf(owner, name), repo);
    return repo;
  }

  const error = (c: Context, status: 401 | 403 | 404 | 409 | 422, message: string) => c.json({ message, documentation_url: DOCS, status: String(status) }, status);

  /** The token's access to the repository: null when it may not see it. */
  function access(c: Context, owner: string, name: string): { repo: FakeRepo; push: boolean } | 'bad-credentials' | null {
    const token = /^(?:Bearer|token)\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token) return null;
    let repo = repos.get(keyOf(owner, name));
    if (options.anyToken && token.startsWith('github_pat_')) {
      if (token.includes('revoked')) return 'bad-credentials';
      repo ??= addRepo(owner, name, { empty: name.toLowerCase().includes('empty') });
      return { repo, push: !token.includes('readonly') };
    }
    if (!repo) return [...repos.values()].some((r) => r.tokens.has(token)) ? null : 'bad-credentials';
    const grant = repo.tokens.get(token);
    if (!grant) return [...repos.values()].some((r) => r.tokens.has(token)) ? null : 'bad-credentials';
    return { repo, push: grant.push };
  }

  const refJson = (repo: FakeRepo, branch: string, sha: string) => ({
    ref: `refs/heads/${branch}`,
    node_id: `REF_${sha1(branch).slice(0, 12)}`,
    url: `${origin}/repos/${repo.owner}/${repo.name}/git/refs/heads/${branch}`,
    object: { sha, type: 'commit', url: `${origin}/repos/${repo.owner}/${repo.name}/git/commits/${sha}` },
  });
  const commitJson = (repo: FakeRepo, sha: string) => {
    const c = repo.objects.get(sha) as Extract<GitObject, { type: 'commit' }>;
    const who = { name: 'Octo Cat', email: 'octocat@github.com', date: '2026-01-01T00:00:00Z' };
    return {
      sha,
      node_id: `C_${sha.slice(0, 12)}`,
      url: `${origin}/repos/${repo.owner}/${repo.name}/git/commits/${sha}`,
      html_url: `https://github.com/${repo.owner}/${repo.name}/commit/${sha}`,
      author: who,
      committer: who,
      tree: { sha: c.tree, url: `${origin}/repos/${repo.owner}/${repo.name}/git/trees/${c.tree}` },
      message: c.message,
      parents: c.parents.map((p) => ({ sha: p, url: `${origin}/repos/${repo.owner}/${repo.name}/git/commits/${p}`, html_url: `https://github.com/${repo.owner}/${repo.name}/commit/${p}` })),
      verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
    };
  };
  const treeJson = (repo: FakeRepo, sha: string, recursive: boolean) => {
    const t = repo.objects.get(sha) as Extract<GitObject, { type: 'tree' }>;
    const entries: { path: string; mode: string; type: string; sha: string; size?: number; url: string }[] = [];
    const dirs = new Set<string>();
    for (const [path, blob] of [...t.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const parts = path.split('/');
      if (!recursive && parts.length > 1) {
        dirs.add(parts[0]!);
        continue;
      }
      for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
      const content = (repo.objects.get(blob) as Extract<GitObject, { type: 'blob' }>).content;
      entries.push({ path, mode: '100644', type: 'blob', sha: blob, size: content.byteLength, url: `${origin}/repos/${repo.owner}/${repo.name}/git/blobs/${blob}` });
    }
    for (const d of dirs) entries.push({ path: d, mode: '040000', type: 'tree', sha: sha1(`dir ${sha} ${d}`), url: `${origin}/repos/${repo.owner}/${repo.name}/git/trees/${sha1(d)}` });
    return { sha, url: `${origin}/repos/${repo.owner}/${repo.name}/git/trees/${sha}`, tree: entries, truncated: false };
  };
  const isAncestor = (repo: FakeRepo, ancestor: string, of: string): boolean => {
    const seen = new Set<string>();
    const stack = [of];
    while (stack.length) {
      const s = stack.pop()!;
      if (s === ancestor) return true;
      if (seen.has(s)) continue;
      seen.add(s);
      const o = repo.objects.get(s);
      if (o?.type === 'commit') stack.push(...o.parents);
    }
    return false;
  };

  const app = new Hono();
  app.use('*', async (c, next) => {
    const path = new URL(c.req.url).pathname;
    for (const h of hangs) {
      if (h.method !== c.req.method || !h.pattern.test(path)) continue;
      h.waiting++;
      await h.release;
    }
    const failure = failures.find((f) => f.method === c.req.method && f.pattern.test(path));
    if (failure) {
      if (failure.skip > 0) failure.skip--;
      else {
        failures.splice(failures.indexOf(failure), 1);
        requests.push({ method: c.req.method, path, status: failure.status });
        return c.body(failure.body, failure.status as 403, { 'content-type': 'application/json; charset=utf-8', ...failure.headers });
      }
    }
    await next();
    c.header('x-ratelimit-limit', '5000');
    c.header('x-ratelimit-remaining', '4999');
    c.header('x-ratelimit-reset', String(Math.floor(Date.now() / 1000) + 3600));
    c.header('x-github-api-version-selected', '2022-11-28');
    requests.push({ method: c.req.method, path, status: c.res.status });
  });

  app.get('/repos/:owner/:repo', (c) => {
    const { owner, repo: name } = c.req.param();
    const a = access(c, owner, name);
    if (a === 'bad-credentials') return error(c, 401, 'Bad credentials');
    if (!a) return error(c, 404, 'Not Found');
    const r = a.repo;
    return c.json(
      {
        id: 1296269,
        node_id: 'MDEwOlJlcG9zaXRvcnkxMjk2MjY5',
        name: r.name,
        full_name: `${r.owner}/${r.name}`,
        owner: { login: r.owner, id: 1, type: 'User' },
        private: true,
        html_url: `https://github.com/${r.owner}/${r.name}`,
        url: `${origin}/repos/${r.owner}/${r.name}`,
        default_branch: r.defaultBranch,
        size: r.empty ? 0 : 1,
        permissions: { admin: false, maintain: false, push: a.push, triage: a.push, pull: true },
      },
      200,
    );
  });
  app.all('/repos/:owner/:repo/*', async (c) => {
    const { owner, repo: name } = c.req.param();
    const a = access(c, owner, name);
    if (a === 'bad-credentials') return error(c, 401, 'Bad credentials');
    if (!a) return error(c, 404, 'Not Found');
    const { repo, push } = a;
    const rest = new URL(c.req.url).pathname.split(`/repos/${owner}/${name}`)[1] ?? '';
    const method = c.req.method;
    const writing = method !== 'GET';
    if (writing && !push) return error(c, 403, 'Resource not accessible by personal access token');
    const body = writing ? ((await c.req.json().catch(() => ({}))) as Record<string, unknown>) : {};
    const gitDb = rest.startsWith('/git/');
    if (gitDb && repo.empty) return error(c, 409, 'Git Repository is empty.');

    let m: RegExpExecArray | null;
    if (method === 'GET' && (m = /^\/git\/ref\/heads\/(.+)$/.exec(rest))) {
      const branch = decodeURIComponent(m[1]!);
      const sha = repo.refs.get(branch);
      return sha ? c.json(refJson(repo, branch, sha), 200) : error(c, 404, 'Not Found');
    }
    if (method === 'GET' && (m = /^\/git\/commits\/([0-9a-f]{40})$/.exec(rest))) {
      return repo.objects.get(m[1]!)?.type === 'commit' ? c.json(commitJson(repo, m[1]!), 200) : error(c, 404, 'Not Found');
    }
    if (method === 'GET' && (m = /^\/git\/trees\/([0-9a-f]{40})$/.exec(rest))) {
      return repo.objects.get(m[1]!)?.type === 'tree' ? c.json(treeJson(repo, m[1]!, c.req.query('recursive') !== undefined), 200) : error(c, 404, 'Not Found');
    }
    if (method === 'POST' && rest === '/git/blobs') {
      if (typeof body.content !== 'string') return error(c, 422, 'Invalid request.');
      const content = body.encoding === 'base64' ? Buffer.from(body.content, 'base64') : Buffer.from(body.content, 'utf8');
      const sha = put(repo, { type: 'blob', content });
      return c.json({ url: `${origin}/repos/${repo.owner}/${repo.name}/git/blobs/${sha}`, sha }, 201);
    }
    if (method === 'POST' && rest === '/git/trees') {
      const base = typeof body.base_tree === 'string' ? repo.objects.get(body.base_tree) : undefined;
      if (body.base_tree !== undefined && base?.type !== 'tree') return error(c, 422, 'Invalid tree info');
      const files = new Map(base?.type === 'tree' ? base.files : []);
      for (const e of (Array.isArray(body.tree) ? (body.tree as { path: string; sha: string | null; content?: string }[]) : [])) {
        if (e.sha === null) files.delete(e.path);
        else if (typeof e.content === 'string') files.set(e.path, put(repo, { type: 'blob', content: Buffer.from(e.content) }));
        else if (repo.objects.get(e.sha)?.type === 'blob') files.set(e.path, e.sha);
        else return error(c, 422, `Invalid tree info: ${e.sha} is not a blob`);
      }
      const sha = put(repo, { type: 'tree', files });
      return c.json(treeJson(repo, sha, false), 201);
    }
    if (method === 'POST' && rest === '/git/commits') {
      const tree = body.tree as string;
      const parents = (body.parents as string[] | undefined) ?? [];
      if (repo.objects.get(tree)?.type !== 'tree' || parents.some((p) => repo.objects.get(p)?.type !== 'commit')) return error(c, 422, 'Invalid request.');
      const sha = put(repo, { type: 'commit', tree, parents, message: str(body.message) });
      return c.json(commitJson(repo, sha), 201);
    }
    if (method === 'PATCH' && (m = /^\/git\/refs\/heads\/(.+)$/.exec(rest))) {
      const branch = decodeURIComponent(m[1]!);
      const current = repo.refs.get(branch);
      const sha = body.sha as string;
      if (!current) return error(c, 422, 'Reference does not exist');
      if (repo.objects.get(sha)?.type !== 'commit') return error(c, 422, 'Object does not exist');
      if (!body.force && !isAncestor(repo, current, sha)) return error(c, 422, 'Update is not a fast forward');
      repo.refs.set(branch, sha);
      return c.json(refJson(repo, branch, sha), 200);
    }
    if (method === 'POST' && rest === '/git/refs') {
      const ref = str(body.ref);
      const sha = body.sha as string;
      if (!ref.startsWith('refs/heads/')) return error(c, 422, 'Reference name must start with refs/');
      const branch = ref.slice('refs/heads/'.length);
      if (repo.refs.has(branch)) return error(c, 422, 'Reference already exists');
      if (repo.objects.get(sha)?.type !== 'commit') return error(c, 422, 'Object does not exist');
      repo.refs.set(branch, sha);
      return c.json(refJson(repo, branch, sha), 201);
    }
    if (method === 'PUT' && (m = /^\/contents\/(.+)$/.exec(rest))) {
      const path = decodeURIComponent(m[1]!);
      const branch = typeof body.branch === 'string' ? body.branch : repo.defaultBranch;
      const head = repo.refs.get(branch);
      if (!repo.empty && !head) return error(c, 404, `No commit found for the ref ${branch}`);
      const base = head ? (repo.objects.get((repo.objects.get(head) as Extract<GitObject, { type: 'commit' }>).tree) as Extract<GitObject, { type: 'tree' }>).files : new Map<string, string>();
      if (base.has(path) && typeof body.sha !== 'string') return error(c, 422, 'Invalid request.\n\n"sha" wasn\'t supplied.');
      const blob = put(repo, { type: 'blob', content: Buffer.from(str(body.content), 'base64') });
      const tree = put(repo, { type: 'tree', files: new Map([...base, [path, blob]]) });
      const sha = put(repo, { type: 'commit', tree, parents: head ? [head] : [], message: str(body.message) });
      repo.refs.set(branch, sha);
      if (repo.empty) {
        repo.empty = false;
        repo.defaultBranch = branch;
      }
      return c.json({ content: { name: path.split('/').pop(), path, sha: blob, size: 0, type: 'file' }, commit: commitJson(repo, sha) }, 201);
    }
    return error(c, 404, 'Not Found');
  });

  app.notFound((c) => error(c, 404, 'Not Found'));

  const repoOf = (owner: string, name: string) => {
    const r = repos.get(keyOf(owner, name));
    if (!r) throw new Error(`fake GitHub has no ${owner}/${name}`);
    return r;
  };

  return {
    app,
    requests,
    addRepo,
    /** Answers the next matching request (after `skip` others) with this status and headers. */
    failNext(method: string, pattern: RegExp, answer: { status: number; headers?: Record<string, string>; message?: string; skip?: number }) {
      failures.push({ method, pattern, skip: answer.skip ?? 0, status: answer.status, headers: answer.headers ?? {}, body: JSON.stringify({ message: answer.message ?? 'API rate limit exceeded', documentation_url: DOCS }) });
    },
    /** Holds matching requests until `release` (a process that stalls mid-export); `waiting` counts those held. */
    hold(method: string, pattern: RegExp): { release: () => void; waiting: () => number } {
      let release!: () => void;
      const h = { method, pattern, release: new Promise<void>((r) => (release = r)), waiting: 0 };
      hangs.push(h);
      return {
        release: () => {
          hangs.splice(hangs.indexOf(h), 1);
          release();
        },
        waiting: () => h.waiting,
      };
    },
    /** The branch's files as text, by path. */
    files(owner: string, name: string, branch = 'main'): Record<string, string> {
      const r = repoOf(owner, name);
      const head = r.refs.get(branch);
      if (!head) return {};
      const tree = r.objects.get((r.objects.get(head) as Extract<GitObject, { type: 'commit' }>).tree) as Extract<GitObject, { type: 'tree' }>;
      return Object.fromEntries([...tree.files].map(([p, s]) => [p, (r.objects.get(s) as Extract<GitObject, { type: 'blob' }>).content.toString('utf8')]));
    },
    /** The branch's commit messages, newest first (first parents). */
    history(owner: string, name: string, branch = 'main'): string[] {
      const r = repoOf(owner, name);
      const out: string[] = [];
      for (let s = r.refs.get(branch); s; ) {
        const commit = r.objects.get(s) as Extract<GitObject, { type: 'commit' }>;
        out.push(commit.message);
        s = commit.parents[0];
      }
      return out;
    },
    /** Requests made so far with this method whose path ends like this. */
    count(method: string, suffix: RegExp) {
      return requests.filter((r) => r.method === method && suffix.test(r.path) && r.status < 300).length;
    },
    /** A fetch for the API's GitHub client: any origin, answered by path. */
    fetch: (url: string, init: RequestInit) => {
      const u = new URL(url);
      return Promise.resolve(app.fetch(new Request(`http://fake-github${u.pathname}${u.search}`, init)));
    },
  };
}
