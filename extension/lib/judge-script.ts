import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { detectProblemFeature } from '../features/detect-problem';
import type { ContentFeature } from '../features/types';
import type { PageReader } from '../platforms/types';
import { send } from './messaging';
import { showPageToast } from './page-toast';

/**
 * The shared core of every judge's content script: detection with the judge's own reader, then the
 * judge's own features. Each judge's script (entrypoints/<judge>.content.ts) carries only its reader and
 * features, so a page loads a few kB instead of every judge's readers.
 */
export function startJudgeScript(ctx: ContentScriptContext, reader: PageReader, features: readonly ContentFeature[] = []) {
  const url = new URL(window.location.href);
  for (const feature of [detectProblemFeature, ...features]) {
    if (!feature.runsOn(url)) continue;
    try {
      feature.start({
        window,
        signal: ctx.signal,
        reader,
        send,
        onLocationChange: (callback) => ctx.addEventListener(window, 'wxt:locationchange', callback),
        toast: (text, tone, rate) => showPageToast(document, text, tone, rate),
      });
    } catch (err) {
      console.warn(`[practice-tracker] ${feature.id} failed`, err);
    }
  }
}
