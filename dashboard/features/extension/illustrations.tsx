import type { ReactNode } from 'react';

/**
 * The install steps' pictures: small inline drawings in the theme's colours (currentColor and the CSS
 * variables), so they load nothing and follow the light and dark themes.
 */

/** A browser window whose address bar reads `address`, holding `children` (drawn in a 240×150 box). */
function Window({ address, children }: { address: string; children: ReactNode }) {
  return (
    <svg className="ext-art" viewBox="0 0 240 150" role="presentation" aria-hidden focusable="false">
      <rect x="1" y="1" width="238" height="148" rx="10" className="ext-art-frame" />
      <circle cx="14" cy="14" r="3.5" className="ext-art-dot" />
      <circle cx="25" cy="14" r="3.5" className="ext-art-dot" />
      <circle cx="36" cy="14" r="3.5" className="ext-art-dot" />
      <rect x="48" y="7" width="182" height="14" rx="7" className="ext-art-bar" />
      <text x="56" y="17.5" className="ext-art-address">
        {address}
      </text>
      <line x1="1" y1="28" x2="239" y2="28" className="ext-art-rule" />
      {children}
    </svg>
  );
}

/** Step 1 for both browsers: the package arriving as a zip file. */
export function DownloadArt() {
  return (
    <svg className="ext-art" viewBox="0 0 240 150" role="presentation" aria-hidden focusable="false">
      <rect x="1" y="1" width="238" height="148" rx="10" className="ext-art-frame" />
      <path d="M92 26h44l20 20v78a6 6 0 0 1-6 6H92a6 6 0 0 1-6-6V32a6 6 0 0 1 6-6z" className="ext-art-paper" />
      <path d="M136 26v20h20" className="ext-art-line" />
      <rect x="112" y="32" width="8" height="6" className="ext-art-accent" />
      <rect x="112" y="44" width="8" height="6" className="ext-art-accent" />
      <rect x="112" y="56" width="8" height="6" className="ext-art-accent" />
      <text x="121" y="100" textAnchor="middle" className="ext-art-label">
        .zip
      </text>
      <path d="M190 56v40m-14-14 14 14 14-14" className="ext-art-arrow" />
    </svg>
  );
}

/** Chrome's extensions page with Developer mode being switched on. */
export function ChromeDeveloperArt() {
  return (
    <Window address="chrome://extensions">
      <text x="14" y="52" className="ext-art-title">
        Extensions
      </text>
      <text x="188" y="52" textAnchor="end" className="ext-art-text">
        Developer mode
      </text>
      <rect x="196" y="42" width="30" height="14" rx="7" className="ext-art-on" />
      <circle cx="219" cy="49" r="5" className="ext-art-knob" />
      <rect x="14" y="70" width="212" height="64" rx="8" className="ext-art-panel" />
      <rect x="24" y="82" width="60" height="8" rx="4" className="ext-art-muted" />
      <rect x="24" y="98" width="120" height="6" rx="3" className="ext-art-muted" />
      <rect x="24" y="110" width="90" height="6" rx="3" className="ext-art-muted" />
    </Window>
  );
}

/** Chrome's "Load unpacked" button and the unzipped folder picked with it. */
export function ChromeLoadArt() {
  return (
    <Window address="chrome://extensions">
      <rect x="14" y="40" width="84" height="20" rx="6" className="ext-art-button" />
      <text x="56" y="54" textAnchor="middle" className="ext-art-button-text">
        Load unpacked
      </text>
      <path d="M120 78h30l8 8h44a6 6 0 0 1 6 6v36a6 6 0 0 1-6 6h-82a6 6 0 0 1-6-6v-44a6 6 0 0 1 6-6z" className="ext-art-folder" />
      <text x="164" y="118" textAnchor="middle" className="ext-art-label">
        extension-chrome
      </text>
      <path d="M66 66c6 30 24 44 42 48m-10-8 10 8-12 4" className="ext-art-arrow" />
    </Window>
  );
}

/** Firefox's debugging page for its own add-ons. */
export function FirefoxDebuggingArt() {
  return (
    <Window address="about:debugging">
      <text x="14" y="52" className="ext-art-title">
        This Firefox
      </text>
      <rect x="14" y="64" width="212" height="30" rx="8" className="ext-art-panel" />
      <text x="24" y="83" className="ext-art-text">
        Temporary Extensions
      </text>
      <rect x="14" y="104" width="212" height="30" rx="8" className="ext-art-panel" />
      <rect x="24" y="115" width="110" height="8" rx="4" className="ext-art-muted" />
    </Window>
  );
}

/** Firefox's "Load Temporary Add-on…" button and the zip chosen with it. */
export function FirefoxLoadArt() {
  return (
    <Window address="about:debugging">
      <rect x="14" y="40" width="140" height="20" rx="6" className="ext-art-button" />
      <text x="84" y="54" textAnchor="middle" className="ext-art-button-text">
        Load Temporary Add-on…
      </text>
      <path d="M160 76h30l14 14v38a5 5 0 0 1-5 5h-39a5 5 0 0 1-5-5v-47a5 5 0 0 1 5-5z" className="ext-art-paper" />
      <text x="180" y="112" textAnchor="middle" className="ext-art-label">
        .zip
      </text>
      <path d="M90 66c4 30 24 42 56 44m-10-8 10 8-12 4" className="ext-art-arrow" />
    </Window>
  );
}
