/** A self-contained monogram icon: the letters in white on a rounded square of the brand colour. */
export function monogramIcon(letters: string, color: string): string {
  const size = letters.length <= 2 ? 11 : 8;
  const text = letters.replace(/[^A-Za-z0-9]/g, '');
  const fill = /^#[0-9a-fA-F]{6}$/.test(color) ? color : '#666666';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">` +
    `<rect x="1" y="1" width="22" height="22" rx="5" fill="${fill}"/>` +
    `<text x="12" y="12" dy="0.35em" text-anchor="middle" font-family="system-ui,sans-serif" ` +
    `font-size="${size}" font-weight="700" fill="#ffffff">${text}</text></svg>`
  );
}
