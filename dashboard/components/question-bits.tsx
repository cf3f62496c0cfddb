import { difficultyTone } from '@shared/rules/difficulty';
import { platformById } from '@shared/platforms/index';

// The row's Rate button lives with the other row bits, in the same chunk (see rate-menu.tsx).
export { RateMenu } from './rate-menu';

export function PlatformIcon({ platform, size = 18 }: { platform: string; size?: number }) {
  const p = platformById(platform);
  if (!p) return null;
  return (
    <span
      className="platform-icon"
      title={p.name}
      aria-label={p.name}
      role="img"
      style={{ width: size, height: size, display: 'inline-flex' }}
      // The icon is a static SVG string from our own registry.
      dangerouslySetInnerHTML={{ __html: p.icon }}
    />
  );
}

export function Difficulty({ value }: { value: string }) {
  return <span className={`diff diff-${difficultyTone(value)}`}>{value}</span>;
}

/** A ring showing a percentage, with the number in the middle. */
export function ProgressRing({ percent, size = 56, label }: { percent: number; size?: number; label: string }) {
  const r = (size - 6) / 2;
  const c = 2 * Math.PI * r;
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label}>
      <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke="var(--surface-3)" strokeWidth="6" />
      <circle
        cx={size / 2}
        cy={size / 2}
        r={r}
        fill="none"
        stroke="var(--primary)"
        strokeWidth="6"
        strokeLinecap="round"
        strokeDasharray={c}
        strokeDashoffset={c - (c * percent) / 100}
        transform={`rotate(-90 ${size / 2} ${size / 2})`}
      />
      <text x="50%" y="50%" dominantBaseline="central" textAnchor="middle" fontSize={size / 4.2} fontWeight="700" fill="var(--text)">
        {percent}%
      </text>
    </svg>
  );
}

export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="progress-bar" role="progressbar" aria-label={label} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
      <div style={{ width: `${percent}%` }} />
    </div>
  );
}
