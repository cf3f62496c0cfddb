/** "1-10, 15" as places (1-based, in order, once each); null when it is not such a list. */
export function parsePlaces(text: string): number[] | null {
  const out = new Set<number>();
  for (const piece of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^(\d{1,4})(?:\s*-\s*(\d{1,4}))?$/.exec(piece);
    if (!m) return null;
    const from = Number(m[1]);
    const to = Number(m[2] ?? m[1]);
    if (from < 1 || to < from) return null;
    for (let i = from; i <= to; i++) out.add(i);
  }
  return out.size ? [...out].sort((a, b) => a - b) : null;
}
