import { EmptyState } from '../../components/feedback';

export default function NotesTab() {
  return (
    <div>
      <header className="page-header">
        <h1>Notes</h1>
      </header>
      <section className="section">
        <h2>Question Notes</h2>
        <div style={{ marginTop: 12 }}>
          <EmptyState title="No Questions found" />
        </div>
      </section>
      <section className="section">
        <h2>General Notes</h2>
        <div style={{ marginTop: 12 }}>
          <EmptyState title="No Notes found" />
        </div>
      </section>
    </div>
  );
}
