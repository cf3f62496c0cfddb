import { createRoot } from 'react-dom/client';
import '../../lib/ui.css';
import { SidePanel } from './sidepanel';

const root = document.getElementById('root');
if (root) createRoot(root).render(<SidePanel />);
