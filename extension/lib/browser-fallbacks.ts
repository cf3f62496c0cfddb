import { browser } from 'wxt/browser';

/** The badge of the toolbar button: all the extension uses of it (MV2's answers nothing, MV3's a promise). */
export interface ToolbarBadge {
  setBadgeText(details: { text: string }): unknown;
  setBadgeBackgroundColor(details: { color: string }): unknown;
}
type StorageArea = typeof browser.storage.local;

/** What the browser types declare as always there but a build or a browser may lack. */
interface PartialBrowser {
  /** The toolbar button is `action` in MV3, `browserAction` in Firefox's MV2 build. */
  readonly action?: ToolbarBadge;
  readonly browserAction?: ToolbarBadge;
  /** Firefox before 115 has no storage.session. */
  readonly storage: { readonly session?: StorageArea; readonly local: StorageArea };
}

const partialBrowser = (): PartialBrowser => browser;

/** The toolbar button, whichever name the build gives it. */
export function toolbarAction(): ToolbarBadge {
  const b = partialBrowser();
  const action = b.action ?? b.browserAction;
  if (!action) throw new Error('This browser has no toolbar button');
  return action;
}

/** storage.session where there is one, else storage.local. */
export function sessionStorageArea(): StorageArea {
  const { storage } = partialBrowser();
  return storage.session ?? storage.local;
}
