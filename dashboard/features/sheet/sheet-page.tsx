import { Link, useParams } from 'wouter';
import { EmptyState } from '../../components/feedback';
import { tabHref } from '../tracker/tabs';

export function SheetView({ slug }: { slug: string }) {
  return (
    <div>
      <nav aria-label="Breadcrumb" className="row muted" style={{ marginBottom: 16 }}>
        <Link href={tabHref('mySheets')}>Sheet</Link>
        <span aria-hidden>›</span>
        <span>{slug}</span>
      </nav>
      <EmptyState title="No Sheet found" />
    </div>
  );
}

/** /question-tracker/sheet/{slug} */
export default function SheetPage() {
  const { slug = '' } = useParams<{ slug?: string }>();
  return <SheetView slug={slug} />;
}
