import { useSearch } from 'wouter';
import { EmptyState } from '../../components/feedback';
import { SheetView } from './sheet-page';

/** ?tab=sheet&slug=...: the sheet page inside the tracker; without a slug, 'Sheet not found'. */
export default function SheetTab() {
  const slug = new URLSearchParams(useSearch()).get('slug');
  if (!slug) return <EmptyState title="Sheet not found" />;
  return <SheetView slug={slug} />;
}
