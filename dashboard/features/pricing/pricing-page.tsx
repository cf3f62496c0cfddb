import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, BarChart3, Building2, Crown, KeyRound, ListChecks, RefreshCw, ShieldCheck, UserPlus } from 'lucide-react';
import { Link } from 'wouter';
import { cardDescription } from '@shared/schemas/sheet-list';
import { Skeleton } from '../../components/feedback';
import { sheetHref } from '../../components/sheet-card';
import { useSession } from '../auth/api/session';
import { useLoginPopup } from '../auth/stores/login-popup';
import { premiumSheetsQuery } from '../explore/api/sheet-list-queries';
import { exploreHref } from '../explore/lib/categories';
import './pricing.css';
import { plural } from '@shared/plural';
import { formatNumber } from '@shared/format-number';

const INCLUDED = [
  { icon: Building2, title: 'Every company-wise sheet', text: 'The full question lists of the company sheets below, organised by topic, and new company sheets as they are added.' },
  { icon: ListChecks, title: 'Tracked like any sheet', text: 'Tick, star and take notes on premium questions; your progress shows on every card and in My Sheets.' },
  { icon: BarChart3, title: 'Counted in your analytics', text: 'Solved premium questions count in your workspace analysis and on your public profile.' },
  { icon: RefreshCw, title: 'Follow and revisit', text: 'Follow a company sheet to keep it in My Sheets next to your own and the curated paths.' },
];

/** /question-tracker/sheet/premium/pricing: what premium includes and how access is granted. */
export default function PricingPage() {
  const { token, isLoggedIn, user } = useSession();
  const showLogin = useLoginPopup((s) => s.show);
  const sheets = useQuery(premiumSheetsQuery(token));
  const hasPremium = !!sheets.data?.purchaseStatus || !!user?.purchaseStatus;

  return (
    <div className="pricing">
      <header className="pricing-hero">
        <span className="pricing-badge">
          <Crown size={14} aria-hidden /> Premium
        </span>
        <h1>Company-wise sheets, fully unlocked</h1>
        <p>Practise the questions reported in interviews at the companies you are aiming for, and track them like every other sheet.</p>
        <div className="pricing-status" role="status">
          {hasPremium ? (
            <>
              <BadgeCheck size={18} aria-hidden className="ok" /> Your account has premium access.
              <Link className="btn btn-primary btn-sm" href={exploreHref('company-wise')}>
                Open company sheets
              </Link>
            </>
          ) : isLoggedIn ? (
            <>Your account does not have premium access yet. See below how to get it.</>
          ) : (
            <>
              Sign in to see whether your account has premium access.
              <button type="button" className="btn btn-primary btn-sm" onClick={() => showLogin('login')}>
                Sign in
              </button>
            </>
          )}
        </div>
      </header>

      <section className="section" aria-labelledby="pricing-included-h">
        <h2 id="pricing-included-h">What Premium includes</h2>
        <ul className="pricing-features">
          {INCLUDED.map(({ icon: Icon, title, text }) => (
            <li key={title} className="card card-pad">
              <span className="pricing-feature-icon" aria-hidden>
                <Icon size={18} />
              </span>
              <h3>{title}</h3>
              <p className="muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="pricing-sheets-h">
        <h2 id="pricing-sheets-h">Company sheets</h2>
        {sheets.isError ? (
          <p className="muted">The list of company sheets could not be loaded. Please try again later.</p>
        ) : !sheets.data ? (
          <div className="stack">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={64} />
            ))}
          </div>
        ) : (
          <ul className="pricing-sheets card">
            {sheets.data.sheets.map((s) => (
              <li key={s._id}>
                <div>
                  <Link href={sheetHref(s)} className="pricing-sheet-name">
                    {s.name}
                  </Link>
                  <p className="muted">{cardDescription(s.description, true)}</p>
                </div>
                <span className="faint pricing-sheet-meta">
                  {hasPremium ? `${formatNumber(s.totalQuestions)} questions · ` : ''}
                  {plural(s.followers, 'follower')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="section" aria-labelledby="pricing-access-h">
        <h2 id="pricing-access-h">How access is granted</h2>
        <p className="muted pricing-lead">
          Premium is an entitlement on your account, not a separate purchase flow in this app. The administrator of this Practice Tracker installation grants it.
        </p>
        <ol className="pricing-steps">
          <li className="card card-pad">
            <UserPlus size={18} aria-hidden />
            <div>
              <h3>Create your account</h3>
              <p className="muted">Sign up with the email address you want premium on.</p>
            </div>
          </li>
          <li className="card card-pad">
            <KeyRound size={18} aria-hidden />
            <div>
              <h3>Ask your administrator</h3>
              <p className="muted">
                They run <code>npm run admin -- grant-premium you@example.com</code> on the server. Access is removed with <code>revoke-premium</code>.
              </p>
            </div>
          </li>
          <li className="card card-pad">
            <ShieldCheck size={18} aria-hidden />
            <div>
              <h3>Start practising</h3>
              <p className="muted">Reload the page: the company sheets open with their questions, and your progress is kept.</p>
            </div>
          </li>
        </ol>
      </section>
    </div>
  );
}
