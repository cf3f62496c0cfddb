import { browser } from 'wxt/browser';

interface PanelApis {
  sidePanel?: { open(options: { tabId: number } | { windowId: number }): Promise<void> };
  sidebarAction?: { open(): Promise<void> };
}

/** The side panel as a page of its own, following the given tab (browsers without a panel API). */
function openAsTab(tabId: number | null) {
  const url = browser.runtime.getURL('/sidepanel.html');
  void browser.tabs.create({ url: tabId === null ? url : `${url}?tabId=${tabId}` });
}

/**
 * Opens the notes beside the page: Chrome's side panel, Firefox's sidebar. Both need the user's
 * gesture, so this must be called directly in the click handler, before anything is awaited.
 */
export function openNotesPanel(tabId: number | null, windowId: number | null): void {
  const apis = browser as unknown as PanelApis;
  if (apis.sidePanel?.open && (tabId !== null || windowId !== null)) {
    apis.sidePanel
      .open(tabId !== null ? { tabId } : { windowId: windowId as number })
      .then(() => window.close())
      .catch(() => openAsTab(tabId));
  } else if (apis.sidebarAction?.open) {
    void apis.sidebarAction.open().then(() => window.close());
  } else {
    openAsTab(tabId);
  }
}
