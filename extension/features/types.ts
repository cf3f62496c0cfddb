import type { ContentMessage, Send } from '@shared/schemas/messages';
import type { RateFn, ToastTone } from '../lib/page-toast';
import type { PageReader } from '../platforms/types';

/** What a feature gets from the content script: the page, a stop signal and the few ways out it may use. */
export interface FeatureContext {
  window: Window;
  signal: AbortSignal;
  /** The page reader of the judge whose script this is (each judge's script carries only its own). */
  reader: PageReader;
  /** Sends to the background (the only one that talks to the API); the reply's type follows from the message. */
  send: Send<ContentMessage>;
  /** Called after the page moves to another URL without a load (single-page apps). */
  onLocationChange: (callback: () => void) => void;
  /** A small confirmation on the page; with `rate`, it also asks "How was it?" and sends the rating with it. */
  toast: (text: string, tone?: ToastTone, rate?: RateFn) => void;
}

/** One extension feature running in the content script on a judge's page. */
export interface ContentFeature {
  id: string;
  /** Whether the feature has anything to do on a page (checked once, at load). */
  runsOn(url: URL): boolean;
  start(ctx: FeatureContext): void;
}
