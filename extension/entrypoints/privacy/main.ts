import '../../lib/ui.css';
import privacy from '../../../docs/privacy.md?raw';
import { renderMarkdown } from '../../lib/markdown';

// The privacy page is docs/privacy.md itself, shipped inside the extension (it loads nothing at run time).
const root = document.getElementById('root');
if (root) root.append(...renderMarkdown(document, privacy));
