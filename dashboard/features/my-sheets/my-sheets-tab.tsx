import { Link } from 'wouter';
import { EmptyState } from '../../components/feedback';
import { tabHref } from '../tracker/tabs';

export default function MySheetsTab() {
  return (
    <div>
      <header className="page-header">
        <h1>My Sheets</h1>
      </header>
      <section className="section" aria-labelledby="followed-h">
        <div className="section-header">
          <h2 id="followed-h">Followed Sheets</h2>
        </div>
        <EmptyState title="No Sheets Followed" action={<Link className="btn btn-primary" href={tabHref('explore')}>Explore</Link>}>
          Get Started by following a sheet
        </EmptyState>
      </section>
      <section className="section" aria-labelledby="custom-h">
        <div className="section-header">
          <h2 id="custom-h">Custom Sheets</h2>
        </div>
        <EmptyState title="No custom sheets created yet." />
      </section>
      <section className="section" aria-labelledby="shared-h">
        <div className="section-header">
          <h2 id="shared-h">Shared With You</h2>
        </div>
        <EmptyState title="No Sheets Have Been Shared With You" />
      </section>
    </div>
  );
}
