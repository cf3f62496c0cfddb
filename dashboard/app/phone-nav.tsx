import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { InviteBadge } from '../features/my-sheets/components/invite-badge';
import { plural } from '@shared/plural';
import { TAB_LABELS, tabHref, type Tab } from '../features/tracker/tabs';

/**
 * The tab list behind a menu button, for narrow screens (CSS shows it below 900 px and hides the
 * top bar's tabs there). A modal panel: focus stays inside while it is open, Escape or a click
 * outside closes it, and focus goes back to the button.
 */
export function PhoneNav({ tabs, current, invites }: { tabs: readonly Tab[]; current: Tab | null; invites: number }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div className="phone-nav">
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <button ref={button} type="button" className="btn btn-ghost btn-icon phone-nav-button" aria-label={invites ? `Sections menu, ${plural(invites, 'pending invite')}` : 'Sections menu'}>
            {open ? <X size={20} /> : <Menu size={20} />}
            {!open && <InviteBadge count={invites} />}
          </button>
        </Dialog.Trigger>
        {/* Not portalled: the panel hangs under its button in the top bar. */}
        <Dialog.Content
          className="phone-nav-panel"
          aria-describedby={undefined}
          // The button toggles: a press on it is not a press outside, or it would close and reopen.
          onPointerDownOutside={(e) => {
            if (button.current?.contains(e.target as Node)) e.preventDefault();
          }}
        >
          <Dialog.Title className="visually-hidden">Sections</Dialog.Title>
          <nav aria-label="Sections">
            {tabs.map((tab) => (
              <Link key={tab} href={tabHref(tab)} className="menu-item" aria-current={current === tab ? 'page' : undefined} onClick={() => setOpen(false)}>
                {TAB_LABELS[tab]}
                {tab === 'mySheets' && <InviteBadge count={invites} />}
              </Link>
            ))}
          </nav>
        </Dialog.Content>
      </Dialog.Root>
    </div>
  );
}
