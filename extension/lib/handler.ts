import { hc } from 'hono/client';
import { parseProblemUrl } from '@shared/platforms/index';
import type { AppType } from '../../api/app';
import {
  contentMessageSchema,
  DEFAULT_API_BASE_URL,
  pageMessageSchema,
  type AuthStatus,
  type DetectedProblem,
  type Reply,
  type Settings,
} from '@shared/schemas/messages';

/** Storage the background keeps: token and settings persist; detected problems are per browser session. */
export interface KeyValue {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

export interface Sender {
  id?: string;
  url?: string;
  tab?: { id?: number };
}

export interface HandlerDeps {
  extensionId: string;
  extensionOrigin: string;
  local: KeyValue;
  session: KeyValue;
  fetch: typeof fetch;
}

const TOKEN = 'token';
const USER = 'user';
const SETTINGS = 'settings';
const tabKey = (tabId: number) => `tab:${tabId}`;

export async function getSettings(local: KeyValue): Promise<Settings> {
  return (await local.get<Settings>(SETTINGS)) ?? { apiBaseUrl: DEFAULT_API_BASE_URL };
}

/** A typed API client bound to the configured base URL and the stored token. Only the background builds one. */
export async function apiClient(deps: HandlerDeps) {
  const { apiBaseUrl } = await getSettings(deps.local);
  const token = await deps.local.get<string>(TOKEN);
  return hc<AppType>(apiBaseUrl, {
    fetch: deps.fetch,
    headers: (): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {}),
  });
}

async function envelopeData<T>(res: { json(): Promise<unknown> }): Promise<T> {
  const body = (await res.json()) as { status?: { success?: boolean; message?: string }; data?: T };
  if (!body.status?.success) throw new Error(body.status?.message ?? 'Request failed');
  return body.data as T;
}

const fail = (error: string): Reply<never> => ({ ok: false, error });

/**
 * Every message the background receives goes through here. Content scripts are untrusted: they may
 * only report what they detected on their own tab. Privileged calls come only from extension pages.
 */
export async function handleMessage(raw: unknown, sender: Sender, deps: HandlerDeps): Promise<Reply<unknown>> {
  if (sender.id !== deps.extensionId) return fail('Unknown sender');
  // The browser sets sender.url: a content script's is the web page's, an extension page's is ours
  // (even when the popup or side panel is opened in a tab).
  const fromExtensionPage = !!sender.url?.startsWith(deps.extensionOrigin);
  const tabId = sender.tab?.id;

  if (!fromExtensionPage) {
    if (tabId === undefined) return fail('Unknown sender');
    const msg = contentMessageSchema.safeParse(raw);
    if (!msg.success) return fail('Invalid message');
    if (msg.data.type === 'problem:detected') {
      // The page may only claim a problem its own URL really is.
      const { problem } = msg.data;
      const parsed = parseProblemUrl(problem.url);
      if (!parsed || parsed.platform !== problem.platform || parsed.key !== problem.key) return fail('Invalid message');
      await deps.session.set(tabKey(tabId), { ...problem, url: parsed.url });
    }
    else await deps.session.remove(tabKey(tabId));
    return { ok: true, data: null };
  }

  const msg = pageMessageSchema.safeParse(raw);
  if (!msg.success) return fail('Invalid message');
  const m = msg.data;
  try {
    switch (m.type) {
      case 'auth:status': {
        const user = await deps.local.get<AuthStatus['user']>(USER);
        const token = await deps.local.get<string>(TOKEN);
        return { ok: true, data: { signedIn: !!token, user: token ? (user ?? null) : null } satisfies AuthStatus };
      }
      case 'auth:login': {
        const client = await apiClient(deps);
        const data = await envelopeData<{ token: string; user: NonNullable<AuthStatus['user']> }>(
          await client.auth.v1.login.$post({ json: { email: m.email, password: m.password } }),
        );
        await deps.local.set(TOKEN, data.token);
        const user = { email: data.user.email, firstName: data.user.firstName, secondName: data.user.secondName };
        await deps.local.set(USER, user);
        return { ok: true, data: { signedIn: true, user } satisfies AuthStatus };
      }
      case 'auth:logout': {
        const client = await apiClient(deps);
        await client.auth.v1.logout.$post().catch(() => undefined);
        await deps.local.remove(TOKEN);
        await deps.local.remove(USER);
        return { ok: true, data: { signedIn: false, user: null } satisfies AuthStatus };
      }
      case 'problem:get':
        return { ok: true, data: (await deps.session.get<DetectedProblem>(tabKey(m.tabId))) ?? null };
      case 'settings:get':
        return { ok: true, data: await getSettings(deps.local) };
      case 'settings:set': {
        const url = new URL(m.apiBaseUrl);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('The API address must start with http:// or https://');
        const settings: Settings = { apiBaseUrl: url.origin };
        await deps.local.set(SETTINGS, settings);
        // A different server means a different account.
        await deps.local.remove(TOKEN);
        await deps.local.remove(USER);
        return { ok: true, data: settings };
      }
    }
  } catch (err) {
    return fail(err instanceof TypeError ? 'Network error. Please try again.' : (err as Error).message);
  }
}
