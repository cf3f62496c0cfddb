import { describe, expect, it, vi } from 'vitest';
import { h, syncChildren } from './dom';

describe('dom helpers', () => {
  it('sets attributes, properties and listeners, and leaves false and empty children out', () => {
    const click = vi.fn();
    const button = h('button', { type: 'button', disabled: true, 'aria-pressed': 'false', 'data-testid': 'x', class: 'primary', onclick: click }, 'Star', null, false, 2);
    expect(button.outerHTML).toBe('<button type="button" disabled="" aria-pressed="false" data-testid="x" class="primary">Star2</button>');
    expect(button.disabled).toBe(true);
    button.disabled = false;
    button.click();
    expect(click).toHaveBeenCalledOnce();
    const input = h('input', { value: 'Two Sum', maxLength: 300, required: true });
    expect([input.value, input.maxLength, input.required]).toEqual(['Two Sum', 300, true]);
    expect(h('span', { 'aria-hidden': true, class: null }).outerHTML).toBe('<span aria-hidden="true"></span>');
  });

  it('syncChildren keeps elements that stay where they are, with their focus and typed text', () => {
    const a = h('button', null, 'a');
    const input = h('input');
    const c = h('span', null, 'c');
    const parent = h('div', null, a, input);
    document.body.append(parent);
    input.focus();
    input.value = 'typed';
    syncChildren(parent, [c, a, false, input]);
    expect([...parent.childNodes]).toEqual([c, a, input]);
    expect(document.activeElement).toBe(input);
    syncChildren(parent, [input]);
    expect([...parent.childNodes]).toEqual([input]);
    expect(input.value).toBe('typed');
    expect(document.activeElement).toBe(input);
    parent.remove();
  });
});
