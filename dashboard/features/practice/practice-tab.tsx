import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { PRACTICE_BANDS, PRACTICE_PLATFORMS, type PracticeBand, type PracticePlatform } from '@shared/rules/practice';
import { PlatformIcon } from '../../components/question-bits';
import { useSession } from '../auth/api/session';
import { judgeAccountsQuery } from '../judge-accounts/api/judge-account-queries';
import { judgeName } from '../judge-accounts/lib/judges';
import { NextFromSheets } from './components/next-list';
import { Recommendations } from './components/recommendation-list';
import { UpsolveList } from './components/upsolve-list';
import { usePracticeUi } from './stores/practice-ui';
import './practice.css';

const BAND_LABELS: Record<PracticeBand, string> = { easy: 'Easy', moderate: 'Moderate', hard: 'Hard' };
const isPlatform = (v: string | null): v is PracticePlatform => v !== null && (PRACTICE_PLATFORMS as readonly string[]).includes(v);
const isBand = (v: string | null): v is PracticeBand => v !== null && (PRACTICE_BANDS as readonly string[]).includes(v);

/** ?tab=practice&judge=codeforces&band=moderate: the judge and band live in the URL. */
export default function PracticeTab() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const { token } = useSession();
  const accounts = useQuery(judgeAccountsQuery(token)).data?.accounts ?? [];
  // The main judge: the first linked account with a rating, else the first linked, else Codeforces.
  const main = [...accounts].sort((a, b) => Number(b.rating !== null) - Number(a.rating !== null)).map((a) => a.platform).find(isPlatform) ?? 'codeforces';
  const judgeParam = params.get('judge');
  const bandParam = params.get('band');
  const judge = isPlatform(judgeParam) ? judgeParam : main;
  const band = isBand(bandParam) ? bandParam : 'moderate';
  const go = (next: { judge?: PracticePlatform; band?: PracticeBand }) =>
    navigate(`/question-tracker?tab=practice&judge=${next.judge ?? judge}&band=${next.band ?? band}`, { replace: true });
  const hide = usePracticeUi((s) => s.hideDifficulty);
  const setHide = usePracticeUi((s) => s.setHideDifficulty);

  return (
    <div className="practice">
      <header className="page-header">
        <div>
          <h1>Practice</h1>
          <p>What to solve next: problems matched to your rating on each judge, the next questions of your sheets, and the contests left to upsolve.</p>
        </div>
      </header>
      <section className="pr-section" aria-labelledby="pr-recs">
        <div className="pr-section-head">
          <h2 id="pr-recs">Recommended for you</h2>
          <label className="pr-switch">
            <input type="checkbox" role="switch" checked={hide} onChange={(e) => setHide(e.target.checked)} />
            <span>Hide difficulty</span>
          </label>
        </div>
        <div className="pr-chips" role="group" aria-label="Judge">
          {PRACTICE_PLATFORMS.map((j) => (
            <button key={j} type="button" className="ct-chip pr-chip" aria-pressed={judge === j} onClick={() => go({ judge: j })}>
              <PlatformIcon platform={j} size={15} />
              {judgeName(j)}
            </button>
          ))}
        </div>
        <div className="pr-chips" role="group" aria-label="Band">
          {PRACTICE_BANDS.map((b) => (
            <button key={b} type="button" className="ct-chip pr-chip" aria-pressed={band === b} onClick={() => go({ band: b })}>
              {BAND_LABELS[b]}
            </button>
          ))}
        </div>
        <Recommendations token={token} platform={judge} band={band} hideDifficulty={hide} fallback={<NextFromSheets token={token} />} />
      </section>
      <UpsolveList token={token} hideDifficulty={hide} />
    </div>
  );
}
