import '../../lib/ui.css';
import { send } from '../../lib/messaging';
import { openNotesPanel } from '../../lib/open-panel';
import { startPopup } from './boot';
import { createPopup } from './popup';

// The background is asked first; the popup's frame is drawn while it answers.
const boot = startPopup(location.search);
const root = document.getElementById('root');
if (root) createPopup(root, boot, { send, openNotesPanel });
