import { createRoot } from 'react-dom/client';
import '../../lib/ui.css';
import { Popup } from './popup';

const root = document.getElementById('root');
if (root) createRoot(root).render(<Popup />);
