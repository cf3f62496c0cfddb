import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement, ReactNode } from 'react';

/**
 * A menu behind a button (Radix DropdownMenu): arrow keys move between entries, Escape or a press
 * outside closes it, and focus goes back to its button. `trigger` is the button itself.
 */
export function Menu({ trigger, children, align = 'end' }: { trigger: ReactElement; children: ReactNode; align?: 'start' | 'end' }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-list menu-popover" align={align} sideOffset={6} collisionPadding={8}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function MenuItem({ onSelect, danger, children }: { onSelect: () => void; danger?: boolean; children: ReactNode }) {
  return (
    <DropdownMenu.Item className={danger ? 'menu-item danger' : 'menu-item'} onSelect={onSelect}>
      {children}
    </DropdownMenu.Item>
  );
}

/** A menu entry that is a link (`link` is the anchor itself): Enter or a click follows it. */
export function MenuLink({ link }: { link: ReactElement }) {
  return (
    <DropdownMenu.Item className="menu-item" asChild>
      {link}
    </DropdownMenu.Item>
  );
}

/** Text at the top of a menu, not an entry (arrow keys pass over it). */
export function MenuLabel({ children }: { children: ReactNode }) {
  return <DropdownMenu.Label className="menu-label">{children}</DropdownMenu.Label>;
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="menu-sep" />;
}
