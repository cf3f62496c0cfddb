import { z } from 'zod';
import { EXTENSION_ID } from '@shared/extension';
import type { ExternalMessage } from '@shared/schemas/messages';
import { syncOverviewSchema, type SyncOverview } from '@shared/schemas/sync';

// The dashboard asks the installed extension to sync (externally_connectable): a web page can reach an
// extension only by its id, and only when the extension lists the page's origin. The reply comes from
// another program, so it is parsed.

const replySchema = z.union([z.object({ ok: z.literal(true), data: syncOverviewSchema }), z.object({ ok: z.literal(false), error: z.string() })]);

/** No extension answered: not installed, another browser (Firefox has no externally_connectable), or off. */
export class NoExtension extends Error {
  constructor() {
    super('The Practice Tracker extension is not installed in this browser, or is turned off.');
  }
}

interface ExtensionRuntime {
  sendMessage(extensionId: string, message: unknown, callback: (reply: unknown) => void): void;
  lastError?: { message?: string };
}

/** chrome.runtime as a web page sees it: present only when some extension lets this origin connect. */
function runtime(): ExtensionRuntime | null {
  const rt = (globalThis as { chrome?: { runtime?: Partial<ExtensionRuntime> } }).chrome?.runtime;
  return typeof rt?.sendMessage === 'function' ? (rt as ExtensionRuntime) : null;
}

/** The unpacked build's fixed id, and a store build's when the dashboard was built with VITE_EXTENSION_ID. */
function extensionIds(): string[] {
  const env = (import.meta as { env?: Record<string, string | undefined> }).env;
  return [...new Set([env?.VITE_EXTENSION_ID, EXTENSION_ID].filter((id): id is string => !!id))];
}

function sendTo(rt: ExtensionRuntime, id: string, message: ExternalMessage): Promise<SyncOverview> {
  return new Promise((resolve, reject) => {
    try {
      rt.sendMessage(id, message, (reply) => {
        const parsed = rt.lastError || reply === undefined ? null : replySchema.safeParse(reply);
        if (!parsed) reject(new NoExtension());
        else if (!parsed.success) reject(new Error('The extension answered in a shape this dashboard does not know: update the extension.'));
        else if (!parsed.data.ok) reject(new Error(parsed.data.error === 'Unknown sender' ? 'The extension talks to another tracker address: set this one in its options.' : parsed.data.error));
        else resolve(parsed.data.data);
      });
    } catch {
      reject(new NoExtension());
    }
  });
}

/** Sends one of the sync's messages to the installed extension. */
export async function askExtension(message: ExternalMessage): Promise<SyncOverview> {
  const rt = runtime();
  if (!rt) throw new NoExtension();
  let last: unknown = new NoExtension();
  for (const id of extensionIds()) {
    try {
      return await sendTo(rt, id, message);
    } catch (err) {
      last = err;
      if (!(err instanceof NoExtension)) throw err;
    }
  }
  throw last;
}
