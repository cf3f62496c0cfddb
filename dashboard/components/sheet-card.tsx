import { Check, Crown, ListChecks, Lock, Plus, Users } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { cardDescription, type SheetCard as Card } from '@shared/schemas/sheet-list';
import { ProgressBar } from './question-bits';
import { Skeleton } from './feedback';
import './sheet-card.css';
import { plural } from '@shared/plural';

const TAGS_SHOWN = 3;
export const PRICING_HREF = '/question-tracker/sheet/premium/pricing';

export const sheetHref = (card: Pick<Card, 'slug' | 'premium'>) =>
  card.premium ? `/question-tracker/sheet/premium/${card.slug}` : `/question-tracker/sheet/${card.slug}`;


/** The Follow button is hidden for the creator, collaborators and private sheets (spec §6). */
const canFollow = (card: Card) => !card.isAuthor && !card.isCollaborator && card.visibility !== 'private';

interface SheetCardProps {
  card: Card;
  /** Shows the viewer's progress (signed-in viewers only). */
  showProgress: boolean;
  /** Omit to hide the Follow button. */
  onToggleFollow?: (card: Card) => void;
  followPending?: boolean;
}

/**
 * A sheet in a list (spec §3): name, description, tags, counts, the viewer's progress and Follow.
 * The title link covers the card; the other controls sit above it.
 */
export function SheetCard({ card, showProgress, onToggleFollow, followPending }: SheetCardProps) {
  const titleId = useId();
  const locked = card.premium && !card.purchaseStatus;
  const percent = card.totalQuestions ? Math.round((card.userSolved / card.totalQuestions) * 100) : 0;
  const tags = card.tag.slice(0, TAGS_SHOWN);
  const author = `${card.authorDetails.firstName} ${card.authorDetails.secondName}`.trim();
  return (
    <article className={card.premium ? 'sheet-card card premium' : 'sheet-card card'} aria-labelledby={titleId}>
      <div className="sheet-card-head">
        <h3 id={titleId} className="sheet-card-title">
          <Link href={sheetHref(card)} className="sheet-card-link">
            {card.name}
          </Link>
        </h3>
        {card.premium && (
          <span className="chip chip-premium">
            <Crown size={12} aria-hidden /> Premium
          </span>
        )}
        {card.visibility === 'private' && (
          <span className="chip">
            <Lock size={12} aria-hidden /> Private
          </span>
        )}
      </div>
      <p className="sheet-card-desc">{cardDescription(card.description, card.premium)}</p>
      {tags.length > 0 && (
        <ul className="sheet-card-tags" aria-label="Tags">
          {tags.map((t) => (
            <li key={t} className="chip">
              {t}
            </li>
          ))}
          {card.tag.length > TAGS_SHOWN && <li className="chip faint">+{card.tag.length - TAGS_SHOWN}</li>}
        </ul>
      )}
      <div className="sheet-card-meta">
        {!locked && (
          <span title="Questions">
            <ListChecks size={14} aria-hidden /> {plural(card.totalQuestions, 'question')}
          </span>
        )}
        <span title="Followers">
          <Users size={14} aria-hidden /> {plural(card.followers, 'follower')}
        </span>
      </div>
      {showProgress && !locked && (
        <div className="sheet-card-progress">
          <div className="row sheet-card-progress-label">
            <span className="muted">Progress</span>
            <span>
              {card.userSolved}/{card.totalQuestions}
            </span>
          </div>
          <ProgressBar percent={percent} label={`${card.name} progress`} />
        </div>
      )}
      <div className="sheet-card-footer">
        {author && (
          <a className="sheet-card-author faint" href={`/profile/${card.authorDetails.profileName}`} target="_blank" rel="noopener noreferrer">
            by {author}
          </a>
        )}
        <span className="sheet-card-actions">
          {locked && (
            <Link href={PRICING_HREF} className="btn btn-sm">
              Learn More
            </Link>
          )}
          {onToggleFollow && canFollow(card) && (
            <button
              type="button"
              className={card.isFollowing ? 'btn btn-sm following' : 'btn btn-sm btn-primary'}
              aria-pressed={card.isFollowing}
              disabled={followPending}
              onClick={() => onToggleFollow(card)}
            >
              {card.isFollowing ? <Check size={14} aria-hidden /> : <Plus size={14} aria-hidden />}
              {card.isFollowing ? 'Following' : 'Follow'}
            </button>
          )}
        </span>
      </div>
    </article>
  );
}

function SheetCardSkeleton() {
  return (
    <div className="sheet-card card" aria-hidden>
      <Skeleton width="60%" height={20} />
      <Skeleton height={14} />
      <Skeleton width="80%" height={14} />
      <div className="row">
        <Skeleton width={64} height={22} />
        <Skeleton width={64} height={22} />
      </div>
      <Skeleton height={30} />
    </div>
  );
}

export function SheetCardGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="grid-cards" aria-busy="true" aria-label="Loading sheets">
      {Array.from({ length: count }, (_, i) => (
        <SheetCardSkeleton key={i} />
      ))}
    </div>
  );
}

interface GridProps<T> {
  items: T[];
  /** How many show before Show More. */
  limit: number;
  render: (item: T) => ReactNode;
  itemKey: (item: T) => string;
  label: string;
}

/** A grid of cards showing `limit` of them, with Show More / Show Less beyond. */
export function ExpandableGrid<T>({ items, limit, render, itemKey, label }: GridProps<T>) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? items : items.slice(0, limit);
  return (
    <>
      <ul className="grid-cards sheet-card-grid" aria-label={label}>
        {shown.map((item) => (
          <li key={itemKey(item)}>{render(item)}</li>
        ))}
      </ul>
      {items.length > limit && (
        <div className="show-more">
          <button type="button" className="btn" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
            {expanded ? 'Show Less' : 'Show More'}
          </button>
        </div>
      )}
    </>
  );
}
