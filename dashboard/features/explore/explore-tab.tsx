import { useQuery } from '@tanstack/react-query';
import { Crown, Search, SearchX, X } from 'lucide-react';
import { useEffect, useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { parseCategory, type ListCategory, type SheetCard as Card } from '@shared/schemas/sheet-list';
import { TrackerErrorScreen } from '../../components/error-screens';
import { EmptyState } from '../../components/feedback';
import { ExpandableGrid, PRICING_HREF, SheetCard, SheetCardGridSkeleton } from '../../components/sheet-card';
import { useSession } from '../auth/api/session';
import { premiumSheetsQuery, publicSheetsQuery } from './api/sheet-list-queries';
import { useCardFollow } from './api/use-follow-sheet';
import { CategoryBar } from './components/category-bar';
import { EXPLORE_CARDS_SHOWN, exploreHref, sectionTitle } from './lib/categories';
import { useListFailure } from './lib/use-list-failure';
import './explore.css';

const SEARCH_DEBOUNCE_MS = 300;

/** ?tab=explore&category=...&search=... : every choice lives in the URL. */
export default function ExploreTab() {
  const params = new URLSearchParams(useSearch());
  const search = (params.get('search') ?? '').trim();
  // Searching uses the custom category; an unknown category falls back to all.
  const category: ListCategory = search ? 'custom' : parseCategory(params.get('category'));
  const [, navigate] = useLocation();

  return (
    <div className="explore">
      <header className="explore-hero">
        <h1>Track Coding Sheets in One Place</h1>
        <p>Choose from 30+ structured coding paths</p>
        <SearchBox initial={search} onSearch={(text) => navigate(exploreHref(text ? 'custom' : 'all', text), { replace: true })} />
      </header>
      <CategoryBar active={category} onSelect={(c) => navigate(exploreHref(c))} />
      {category === 'company-wise' ? <CompanySheets /> : <PublicSheets key={`${category}:${search}`} category={category} search={search} />}
    </div>
  );
}

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(initial);
  const sent = useRef(initial);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  const send = (value: string) => {
    sent.current = value;
    latest.current(value);
  };
  // The URL changed elsewhere (a category button, back/forward): show its search.
  useEffect(() => {
    if (initial !== sent.current) setText(initial);
    sent.current = initial;
  }, [initial]);
  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = setTimeout(() => send(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    if (text.trim() !== sent.current) send(text.trim());
  };
  return (
    <form role="search" className="explore-search" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="explore-search">
        Search any coding sheet
      </label>
      <Search size={17} className="explore-search-icon faint" aria-hidden />
      <input
        id="explore-search"
        type="search"
        data-shortcut="search"
        className="input"
        placeholder="Search any coding sheet"
        value={text}
        maxLength={100}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
      />
      {text && (
        <button type="button" className="icon-btn explore-search-clear" aria-label="Clear search" onClick={() => { setText(''); send(''); }}>
          <X size={15} />
        </button>
      )}
    </form>
  );
}

function CardList({ cards, title, premium }: { cards: Card[]; title: string; premium?: boolean }) {
  const follow = useCardFollow();
  return (
    <>
      <ExpandableGrid
        items={cards}
        limit={EXPLORE_CARDS_SHOWN}
        label={title}
        itemKey={(c) => c._id}
        render={(c) => <SheetCard card={c} showProgress={follow.isLoggedIn && !premium} onToggleFollow={follow.toggle} followPending={follow.isPending(c._id)} />}
      />
      {follow.dialog}
    </>
  );
}

function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  return (
    <section className="section" aria-labelledby="explore-section-h">
      <div className="section-header">
        <h2 id="explore-section-h">
          {title}
          {count !== undefined && <span className="explore-count">{count}</span>}
        </h2>
      </div>
      {children}
    </section>
  );
}

function PublicSheets({ category, search }: { category: ListCategory; search: string }) {
  const { token } = useSession();
  const query = useQuery(publicSheetsQuery(category, search, token));
  const failure = useListFailure(query.error, query.isSuccess);
  const title = sectionTitle(category);
  if (failure === 'error') return <TrackerErrorScreen />;
  return (
    <Section title={title} count={query.data?.length}>
      {!query.data ? (
        <SheetCardGridSkeleton />
      ) : query.data.length === 0 ? (
        <EmptyState icon={<SearchX size={22} />} title="No sheets found">
          {search ? `Nothing matches “${search}”. Try another name, topic or platform.` : undefined}
        </EmptyState>
      ) : (
        <CardList cards={query.data} title={title} />
      )}
    </Section>
  );
}

function CompanySheets() {
  const { token } = useSession();
  const query = useQuery(premiumSheetsQuery(token));
  const failure = useListFailure(query.error, query.isSuccess);
  if (failure === 'error') return <TrackerErrorScreen />;
  const title = sectionTitle('company-wise');
  return (
    <Section title={title} count={query.data?.sheets.length}>
      {query.data && !query.data.purchaseStatus && (
        <div className="premium-banner card">
          <span className="premium-banner-icon" aria-hidden>
            <Crown size={20} />
          </span>
          <div>
            <h3>Company-wise sheets are part of Premium</h3>
            <p className="muted">Questions asked at Amazon, Google, Meta, Microsoft and more, with your progress tracked like any sheet.</p>
          </div>
          <Link href={PRICING_HREF} className="btn btn-primary">
            Learn More
          </Link>
        </div>
      )}
      {!query.data ? (
        <SheetCardGridSkeleton count={4} />
      ) : query.data.sheets.length === 0 ? (
        <EmptyState title="No sheets found" />
      ) : (
        <CardList cards={query.data.sheets} title={title} premium={!query.data.purchaseStatus} />
      )}
    </Section>
  );
}
