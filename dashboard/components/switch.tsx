import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './switch.css';

type SwitchProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  'data-testid'?: string;
} & Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'aria-label' | 'aria-describedby'>;

/**
 * A setting that takes effect when flipped: a button with the switch role, so screen readers say on or
 * off and Space and Enter flip it like a click. The visible words are its name unless aria-label says more.
 */
export function Switch({ checked, onChange, children, ...rest }: SwitchProps) {
  return (
    <button type="button" role="switch" aria-checked={checked} className="switch" onClick={() => onChange(!checked)} {...rest}>
      <span className="switch-track" aria-hidden>
        <span className="switch-thumb" />
      </span>
      {children}
    </button>
  );
}
