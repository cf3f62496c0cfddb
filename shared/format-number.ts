/**
 * One number format for every figure shown: the reader's locale (the browser's own language), so
 * thousands are grouped the way they read them, on every card, board and count alike.
 */
let formatter: Intl.NumberFormat | undefined;

export function formatNumber(n: number): string {
  formatter ??= new Intl.NumberFormat();
  return formatter.format(n);
}
