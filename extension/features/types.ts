/** One extension feature running in a content script on a problem page. */
export interface ContentFeature {
  id: string;
  description: string;
  /** Starts the feature; returns a function that stops it. */
  start(ctx: { window: Window; signal: AbortSignal }): void;
}
