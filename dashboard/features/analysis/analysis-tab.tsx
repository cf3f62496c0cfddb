import { BarChart3 } from 'lucide-react';
import { EmptyState } from '../../components/feedback';

export default function AnalysisTab() {
  return (
    <div>
      <header className="page-header">
        <h1>Analysis - Based on Solved Questions in My Workspace</h1>
      </header>
      <EmptyState icon={<BarChart3 size={22} />} title="Unlock Your Insights">
        Solve questions in your workspace to see your difficulty, platform, topic and company distributions.
      </EmptyState>
    </div>
  );
}
