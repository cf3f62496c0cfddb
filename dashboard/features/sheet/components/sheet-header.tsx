import { useQuery } from '@tanstack/react-query';
import { Check, ExternalLink, Link2, MoreVertical, Pencil, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { SHEET_MESSAGES } from '@shared/rules/sheet';
import type { Sheet } from '@shared/schemas/sheet';
import { ConfirmDialog } from '../../../components/dialog';
import { InlineEdit } from '../../../components/inline-edit';
import { Menu, MenuItem } from '../../../components/menu';
import { ProgressBar, ProgressRing } from '../../../components/question-bits';
import { AvatarFace } from '../../../components/avatar';
import { useCopy } from '../../../lib/clipboard';
import { collaboratorsQuery } from '../api/sheet-queries';
import { formatNumber } from '@shared/format-number';

const TAGS_SHOWN = 3;
const AVATARS_SHOWN = 3;

interface HeaderProps {
  sheet: Sheet;
  /** A premium sheet the viewer may not open: its question count and progress stay unshown, as on its card. */
  locked: boolean;
  isLoggedIn: boolean;
  onRename: (name: string) => void;
  onDescribe: (description: string) => void;
  onFollow: (follow: boolean) => void;
  /** Entries of the three-dot menu that other features add (import, settings, delete, leave). */
  menuItems?: ReactNode;
  /** Buttons shown beside Follow (Share for members). */
  actions?: ReactNode;
  /**
   * False for the page's first paint: a page's first date or number formatting loads the browser's
   * locale and time-zone data (tens of ms, more on a busy machine), which would hold back the
   * questions. Until then the line with the date and the followers keeps its place, unseen.
   */
  formatted: boolean;
  /** The Follow button is in the bar above the questions (see FollowBar): the header shows Following only. */
  followInBar?: boolean;
}

export function SheetHeader({ sheet, locked, isLoggedIn, onRename, onDescribe, onFollow, menuItems, actions, formatted, followInBar = false }: HeaderProps) {
  const [editing, setEditing] = useState<'name' | 'description' | null>(null);
  const [allTags, setAllTags] = useState(false);
  const [confirmUnfollow, setConfirmUnfollow] = useState(false);
  const collabs = useQuery({ ...collaboratorsQuery(sheet._id), enabled: isLoggedIn || sheet.visibility === 'public' });
  const percent = sheet.totalQuestions ? Math.round((sheet.userSolved / sheet.totalQuestions) * 100) : 0;
  const tags = allTags ? sheet.tag : sheet.tag.slice(0, TAGS_SHOWN);
  const people = collabs.data?.collaborators ?? [];
  const showFollow = !sheet.isAuthor && !sheet.isCollaborator && sheet.visibility !== 'private';
  const showSource = !!sheet.link && sheet.slug.includes('striver');
  const edited = new Date(sheet.updatedAt);

  const { copy } = useCopy();
  const copyLink = () => copy(`${location.origin}/question-tracker/sheet/${sheet.slug}`);

  return (
    <header className="sheet-header card card-pad">
      <div className="sheet-header-main">
        <div className="sheet-title-block">
          {editing === 'name' ? (
            <InlineEdit
              value={sheet.name}
              label="Sheet name"
              onSave={(v) => {
                if (!v) return SHEET_MESSAGES.nameEmpty;
                if (v !== sheet.name) onRename(v);
                setEditing(null);
              }}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <h1 className="row">
              {sheet.name}
              {sheet.isAuthor && (
                <button type="button" className="icon-btn" aria-label="Edit sheet name" onClick={() => setEditing('name')}>
                  <Pencil size={15} />
                </button>
              )}
            </h1>
          )}
          {editing === 'description' ? (
            <InlineEdit
              value={sheet.description}
              label="Sheet description"
              multiline
              onSave={(v) => {
                if (v !== sheet.description) onDescribe(v);
                setEditing(null);
                return undefined;
              }}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <p className="muted sheet-description">
              {sheet.description || 'No description available'}
              {sheet.isAuthor && (
                <button type="button" className="icon-btn" aria-label="Edit sheet description" onClick={() => setEditing('description')}>
                  <Pencil size={14} />
                </button>
              )}
            </p>
          )}
          <div className="row sheet-tags" style={{ flexWrap: 'wrap' }}>
            {tags.map((t) => (
              <span key={t} className="chip">
                {t}
              </span>
            ))}
            {sheet.tag.length > TAGS_SHOWN && (
              <button type="button" className="chip chip-btn" onClick={() => setAllTags((a) => !a)}>
                {allTags ? 'show less' : `+${sheet.tag.length - TAGS_SHOWN}`}
              </button>
            )}
          </div>
          <div className="row faint sheet-meta" style={formatted ? undefined : { visibility: 'hidden' }}>
            <span title={formatted ? `Last edited ${edited.toLocaleString()}` : undefined} tabIndex={0}>
              Updated {formatted && edited.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}
            </span>
            <span aria-hidden>·</span>
            <span>
              {formatted && formatNumber(sheet.followers)} {sheet.followers === 1 ? 'follower' : 'followers'}
            </span>
            {showSource && (
              <a href={sheet.link ?? undefined} target="_blank" rel="noopener noreferrer" className="row">
                Source <ExternalLink size={13} />
              </a>
            )}
            {people.length > 0 && (
              <span className="avatars" aria-label="Collaborators">
                {people.slice(0, AVATARS_SHOWN).map((p) => (
                  <a key={p._id} className="avatar" href={`/profile/${p.userDetails.profileName}`} target="_blank" rel="noopener noreferrer" title={`${p.userDetails.firstName} ${p.userDetails.secondName}`}>
                    <AvatarFace person={p.userDetails} />
                  </a>
                ))}
                {people.length > AVATARS_SHOWN && <span className="avatar">+{people.length - AVATARS_SHOWN}</span>}
              </span>
            )}
          </div>
        </div>
        {!locked && (
          <div className="sheet-progress">
            <ProgressRing percent={percent} label={`${percent}% solved`} />
            <div style={{ minWidth: 140 }}>
              <div className="faint" style={{ fontSize: 12.5 }}>
                {sheet.userSolved} / {sheet.totalQuestions} solved
              </div>
              <ProgressBar percent={percent} label="Sheet progress" />
            </div>
          </div>
        )}
      </div>
      <div className="row sheet-header-actions">
        {actions}
        {showFollow &&
          (sheet.isFollowing ? (
            <button type="button" className="btn" onClick={() => setConfirmUnfollow(true)}>
              <Check size={16} /> Following
            </button>
          ) : followInBar ? null : (
            <button type="button" className="btn btn-primary" onClick={() => onFollow(true)}>
              <Plus size={16} /> Follow
            </button>
          ))}
        <Menu
          trigger={
            <button type="button" className="btn btn-icon" aria-label="Sheet menu">
              <MoreVertical size={16} />
            </button>
          }
        >
          <MenuItem onSelect={() => void copyLink()}>
            <Link2 size={15} /> Copy Link
          </MenuItem>
          {menuItems}
        </Menu>
      </div>
      <ConfirmDialog
        open={confirmUnfollow}
        title="Unfollow sheet"
        message="Are you sure you want to unfollow this sheet?"
        onCancel={() => setConfirmUnfollow(false)}
        onConfirm={() => {
          setConfirmUnfollow(false);
          onFollow(false);
        }}
      />
    </header>
  );
}
