import { useQuery } from '@tanstack/react-query';
import { BookmarkPlus, FolderPlus, Plus, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { SheetCard as Card } from '@shared/schemas/sheet-list';
import { TrackerErrorScreen } from '../../components/error-screens';
import { EmptyState } from '../../components/feedback';
import { ExpandableGrid, SheetCard, SheetCardGridSkeleton } from '../../components/sheet-card';
import { useSession } from '../auth/api/session';
import { mySheetsQuery } from '../explore/api/sheet-list-queries';
import { useCardFollow } from '../explore/api/use-follow-sheet';
import { useListFailure } from '../explore/lib/use-list-failure';
import { tabHref } from '../tracker/tabs';
import { CreateSheetDialog } from './components/create-sheet-dialog';
import { InviteCard } from './components/invite-card';
import './my-sheets.css';

/** My Sheets shows this many cards per list before Show More (spec §9). */
const CARDS_SHOWN = 3;

export default function MySheetsTab() {
  const { token } = useSession();
  const query = useQuery(mySheetsQuery(token));
  const failure = useListFailure(query.error, query.isSuccess);
  const follow = useCardFollow();
  const [creating, setCreating] = useState(false);
  if (failure === 'error') return <TrackerErrorScreen />;
  const data = query.data;

  const grid = (cards: Card[], label: string) => (
    <ExpandableGrid
      items={cards}
      limit={CARDS_SHOWN}
      label={label}
      itemKey={(c) => c._id}
      render={(c) => <SheetCard card={c} showProgress onToggleFollow={follow.toggle} followPending={follow.isPending(c._id)} />}
    />
  );
  const createButton = (
    <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
      <Plus size={16} aria-hidden /> Create Sheet
    </button>
  );

  return (
    <div className="my-sheets">
      <header className="page-header">
        <div>
          <h1>My Sheets</h1>
          <p>The sheets you follow, create and share, in one place.</p>
        </div>
      </header>

      <ListSection id="followed" title="Followed Sheets" count={data?.followed.length}>
        {!data ? (
          <SheetCardGridSkeleton count={CARDS_SHOWN} />
        ) : data.followed.length ? (
          grid(data.followed, 'Followed Sheets')
        ) : (
          <EmptyState
            icon={<BookmarkPlus size={22} />}
            title="No Sheets Followed"
            action={
              <Link className="btn btn-primary" href={tabHref('explore')}>
                Explore
              </Link>
            }
          >
            Get Started by following a sheet
          </EmptyState>
        )}
      </ListSection>

      <ListSection id="custom" title="Custom Sheets" count={data?.custom.length} action={createButton}>
        {!data ? (
          <SheetCardGridSkeleton count={CARDS_SHOWN} />
        ) : data.custom.length ? (
          grid(data.custom, 'Custom Sheets')
        ) : (
          <EmptyState icon={<FolderPlus size={22} />} title="No custom sheets created yet.">
            Build your own list of problems, organised into topics the way you like.
          </EmptyState>
        )}
      </ListSection>

      <ListSection id="shared" title="Shared With You" count={data ? data.shared.length + data.invites.length : undefined}>
        {!data ? (
          <SheetCardGridSkeleton count={CARDS_SHOWN} />
        ) : data.shared.length || data.invites.length ? (
          <div className="stack">
            {data.invites.length > 0 && (
              <div className="stack" role="list" aria-label="Pending invites">
                {data.invites.map((invite) => (
                  <div role="listitem" key={invite._id}>
                    <InviteCard invite={invite} />
                  </div>
                ))}
              </div>
            )}
            {data.shared.length > 0 && grid(data.shared, 'Shared With You')}
          </div>
        ) : (
          <EmptyState icon={<Users size={22} />} title="No Sheets Have Been Shared With You" />
        )}
      </ListSection>

      {follow.dialog}
      <CreateSheetDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

function ListSection({ id, title, count, action, children }: { id: string; title: string; count?: number; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="section" aria-labelledby={`${id}-h`}>
      <div className="section-header">
        <h2 id={`${id}-h`}>
          {title}
          {!!count && <span className="my-sheets-count">{count}</span>}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
