import { Search } from 'lucide-react';
import { EmptyState } from '../../components/feedback';

export default function ExploreTab() {
  return (
    <div>
      <header className="page-header" style={{ display: 'block', textAlign: 'center' }}>
        <h1>Track Coding Sheets in One Place</h1>
        <p>Choose from 30+ structured coding paths</p>
      </header>
      <div className="row" style={{ maxWidth: 560, margin: '0 auto 28px' }}>
        <label className="visually-hidden" htmlFor="explore-search">
          Search any coding sheet
        </label>
        <div style={{ position: 'relative', flex: 1 }}>
          <Search size={16} style={{ position: 'absolute', left: 12, top: 11 }} className="faint" />
          <input id="explore-search" className="input" style={{ paddingLeft: 36 }} placeholder="Search any coding sheet" />
        </div>
      </div>
      <EmptyState title="No sheets found" />
    </div>
  );
}
