import { z } from 'zod';

/** What a content script read from a problem page. */
export const detectedProblemSchema = z.object({
  platform: z.string().min(1).max(40),
  key: z.string().min(1).max(200),
  url: z.url({ protocol: /^https?$/ }).max(2000),
  name: z.string().max(300).nullable(),
  difficulty: z.string().max(40).nullable(),
  topics: z.array(z.string().max(80)).max(50),
});
export type DetectedProblem = z.infer<typeof detectedProblemSchema>;

/** Messages a content script may send: it is untrusted, so it can only report what it saw. */
export const contentMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('problem:detected'), problem: detectedProblemSchema }),
  z.object({ type: z.literal('problem:none') }),
]);
export type ContentMessage = z.infer<typeof contentMessageSchema>;

/** Messages from the extension's own pages (popup, side panel, options). */
export const pageMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth:status') }),
  z.object({ type: z.literal('auth:login'), email: z.string().max(254), password: z.string().max(128) }),
  z.object({ type: z.literal('auth:logout') }),
  z.object({ type: z.literal('problem:get'), tabId: z.number().int() }),
  z.object({ type: z.literal('settings:get') }),
  z.object({ type: z.literal('settings:set'), apiBaseUrl: z.url({ protocol: /^https?$/ }).max(500) }),
]);
export type PageMessage = z.infer<typeof pageMessageSchema>;

export const settingsSchema = z.object({ apiBaseUrl: z.string() });
export type Settings = z.infer<typeof settingsSchema>;
export const DEFAULT_API_BASE_URL = 'http://localhost:8787';

export const authStatusSchema = z.object({
  signedIn: z.boolean(),
  user: z.object({ email: z.string(), firstName: z.string(), secondName: z.string() }).nullable(),
});
export type AuthStatus = z.infer<typeof authStatusSchema>;

/** Every reply from the background. */
export type Reply<T> = { ok: true; data: T } | { ok: false; error: string };
