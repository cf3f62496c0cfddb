/**
 * What the DOM types declare as always there but a document may lack: one parsed from saved HTML has
 * no location, and a page early in its load may have no head or body yet.
 */
export interface PartialDocument {
  readonly location: Location | null;
  readonly head: HTMLHeadElement | null;
  readonly body: HTMLElement | null;
  readonly documentElement: HTMLElement;
}
