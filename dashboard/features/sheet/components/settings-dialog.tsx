import { useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { useLocation } from 'wouter';
import { normalizeSlugInput, SHARE_MESSAGES, SHEET_MESSAGES } from '@shared/rules/sheet';
import { normalizeTags } from '@shared/rules/tags';
import type { Sheet } from '@shared/schemas/sheet';
import { Dialog } from '../../../components/dialog';
import { TagInput } from '../../../components/tag-input';
import { ApiError } from '../../../lib/api';
import { useCopy } from '../../../lib/clipboard';
import { toast } from '../../../lib/toast';
import { sharingCalls } from '../api/sharing-queries';
import { sheetKeys } from '../api/sheet-queries';

/** Sheet Settings: Update Slug and Manage Tags (creator only). */
export function SettingsDialog({ sheet, open, onClose }: { sheet: Sheet; open: boolean; onClose: () => void }) {
  const [tab, setTab] = useState<'slug' | 'tags'>('slug');
  return (
    <Dialog open={open} onClose={onClose} title="Sheet Settings">
      <div className="segmented" role="tablist" aria-label="Settings">
        <button type="button" role="tab" aria-selected={tab === 'slug'} onClick={() => setTab('slug')}>
          Update Slug
        </button>
        <button type="button" role="tab" aria-selected={tab === 'tags'} onClick={() => setTab('tags')}>
          Manage Tags
        </button>
      </div>
      {tab === 'slug' ? <SlugForm sheet={sheet} onDone={onClose} /> : <TagsForm sheet={sheet} onDone={onClose} />}
    </Dialog>
  );
}

function SlugForm({ sheet, onDone }: { sheet: Sheet; onDone: () => void }) {
  const [slug, setSlug] = useState(sheet.slug);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const qc = useQueryClient();
  async function save(e: SubmitEvent) {
    e.preventDefault();
    if (!slug) {
      setError(SHEET_MESSAGES.slugEmpty);
      return;
    }
    if (!/^[a-z0-9-]+$/.test(slug)) {
      setError(SHEET_MESSAGES.slugPattern);
      return;
    }
    setBusy(true);
    try {
      await sharingCalls.updateSlug(sheet._id, slug);
      toast.success('Sheet URL updated successfully');
      onDone();
      await qc.invalidateQueries({ queryKey: sheetKeys.all });
      navigate(`/question-tracker/sheet/${slug}`, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 409) setError(err.message);
      else toast.failure('Failed to update slug', err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="stack" onSubmit={(e) => void save(e)} noValidate>
      <div className="field">
        <label htmlFor="slug-input">Sheet URL</label>
        <div className="row faint" style={{ fontSize: 12.5 }}>
          {location.origin}/question-tracker/sheet/{slug || '…'}
        </div>
        <input id="slug-input" className="input" value={slug} aria-invalid={!!error} onChange={(e) => { setSlug(normalizeSlugInput(e.target.value)); setError(null); }} />
        {error && (
          <span className="field-error" role="alert">
            {error}
          </span>
        )}
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy || slug === sheet.slug}>
        Save
      </button>
    </form>
  );
}

function TagsForm({ sheet, onDone }: { sheet: Sheet; onDone: () => void }) {
  const [tags, setTags] = useState<string[]>(sheet.tag);
  const qc = useQueryClient();
  useEffect(() => setTags(sheet.tag), [sheet.tag]);
  // The spec's failure words are the link's, for tags too.
  const { copy: copyText } = useCopy(SHARE_MESSAGES.tagsCopied);
  const copy = () => copyText(tags.join(', '));
  async function save() {
    try {
      await sharingCalls.updateTags(sheet._id, normalizeTags(tags));
      toast.success('Sheet tags updated successfully');
      await qc.invalidateQueries({ queryKey: sheetKeys.all });
      onDone();
    } catch (err) {
      toast.failure('Failed to update tags', err);
    }
  }
  return (
    <div className="stack">
      <TagInput label="Sheet tags" value={tags} onChange={setTags} />
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <button type="button" className="btn btn-ghost" onClick={() => void copy()} disabled={!tags.length}>
          <Copy size={15} /> Copy tags
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void save()}>
          Save tags
        </button>
      </div>
    </div>
  );
}
