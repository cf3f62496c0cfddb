import { useState, type ComponentProps, type ComponentType } from 'react';
import { preloadable, useLoaded, type Preloadable } from '../../../lib/preload';

/**
 * The sheet's dialogs load on first use: their code (forms, URL parsers, upload and the zod schemas
 * they validate with) is not needed to show the questions.
 */
const code = {
  addQuestion: preloadable(() => import('./add-question-dialog').then((m) => m.AddQuestionDialog)),
  import: preloadable(() => import('./import-dialog').then((m) => m.ImportDialog)),
  settings: preloadable(() => import('./settings-dialog').then((m) => m.SettingsDialog)),
  share: preloadable(() => import('./share-dialog').then((m) => m.ShareDialog)),
};

/** Fetches the dialogs' code while the page is idle, so a first opening shows at once. */
export function preloadDialogs() {
  // Safari has no requestIdleCallback.
  const whenIdle = 'requestIdleCallback' in window ? (run: () => void) => window.requestIdleCallback(run) : (run: () => void) => setTimeout(run, 1);
  whenIdle(() => {
    for (const c of Object.values(code)) c.load().catch(() => undefined);
  });
}

/**
 * A dialog mounted from the first time it opens and kept mounted afterwards, as an ordinary one is
 * (its state survives closing); its code loads then if the idle preload has not fetched it yet.
 */
function onceOpened<P extends { open: boolean }>(dialog: Preloadable<ComponentType<P>>) {
  function Loaded(props: P) {
    const Dialog = useLoaded(dialog);
    return Dialog ? <Dialog {...props} /> : null;
  }
  return function OnceOpened(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    return opened || props.open ? <Loaded {...props} /> : null;
  };
}

type Props<K extends keyof typeof code> = ComponentProps<NonNullable<ReturnType<(typeof code)[K]['current']>>>;

export const AddQuestionDialog = onceOpened<Props<'addQuestion'>>(code.addQuestion);
export const ImportDialog = onceOpened<Props<'import'>>(code.import);
export const SettingsDialog = onceOpened<Props<'settings'>>(code.settings);
export const ShareDialog = onceOpened<Props<'share'>>(code.share);
