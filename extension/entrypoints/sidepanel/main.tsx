import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import browser from 'webextension-polyfill';
import type { DetectedProblem } from '@shared/schemas/messages';
import '../../lib/ui.css';
import { send } from '../../lib/messaging';

/** Notes beside the problem being solved; follows the active tab. */
function SidePanel() {
  const [problem, setProblem] = useState<DetectedProblem | null>(null);
  useEffect(() => {
    const refresh = async () => {
      const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
      if (tab?.id !== undefined) setProblem(await send<DetectedProblem | null>({ type: 'problem:get', tabId: tab.id }));
    };
    void refresh();
    const onActivated = () => void refresh();
    browser.tabs.onActivated.addListener(onActivated);
    return () => browser.tabs.onActivated.removeListener(onActivated);
  }, []);
  return (
    <div className="wrap">
      <h3>Notes</h3>
      <div className="card">{problem ? <strong>{problem.name ?? problem.key}</strong> : <span className="muted">No problem open in this tab.</span>}</div>
    </div>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<SidePanel />);
