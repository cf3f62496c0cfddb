import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { Search } from 'lucide-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Spinner } from './feedback';
import { Difficulty, PlatformIcon } from './question-bits';
import './question-combobox.css';

/** What a suggestion shows: a catalogue question. */
export interface QuestionOption {
  _id: string;
  name: string;
  platform: string;
  difficulty: string;
}

/** Suggestions appear from this many characters on (spec §5 and §9: "more than 1 character"). */
export const SUGGEST_MIN_LENGTH = 2;

interface Props<Q extends QuestionOption> {
  label: string;
  placeholder: string;
  /** The text in the box; the parent owns it (and sets it when a question is picked). */
  text: string;
  onTextChange: (text: string) => void;
  /** The suggestions for the text as searched so far. */
  items: Q[];
  /** Said in the list when there are no suggestions: 'Searching…', 'No questions found', an error. */
  emptyText: string;
  searching: boolean;
  onPick: (question: Q) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The list takes its place in the page (in a dialog's flow) rather than floating over what follows. */
  inline?: boolean;
  /** Shown between the label and the box: what the field holds already (the questions linked so far). */
  children?: ReactNode;
}

/**
 * A question-name combobox (WAI-ARIA 1.2, by downshift): arrows move through the suggestions, Enter or a
 * click picks one, Escape closes the list, and leaving the box picks nothing.
 */
export function QuestionCombobox<Q extends QuestionOption>({ label, placeholder, text, onTextChange, items, emptyText, searching, onPick, disabled, autoFocus, inline, children }: Props<Q>) {
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox<Q>({
    items,
    inputValue: text,
    selectedItem: null,
    defaultHighlightedIndex: 0,
    itemToString: (q) => q?.name ?? '',
    stateReducer: keepTextOnBlur,
    onInputValueChange: ({ inputValue, type }) => {
      // Typing only: what a pick puts in the box is the parent's to decide (onPick).
      if (type === useCombobox.stateChangeTypes.InputChange) onTextChange(inputValue);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onPick(selectedItem);
    },
  });
  const shown = isOpen && text.trim().length >= SUGGEST_MIN_LENGTH;
  // An open list closes on Escape without closing the dialog around it.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && shown) e.stopPropagation();
  };

  return (
    <div className="field combo">
      <label {...getLabelProps()}>{label}</label>
      {children}
      <div className="combo-box">
        <Search size={15} className="combo-icon" aria-hidden />
        <input
          {...getInputProps({ onKeyDown, disabled })}
          className="input combo-input"
          type="search"
          autoComplete="off"
          placeholder={placeholder}
          autoFocus={autoFocus}
        />
        {searching && (
          <span className="combo-spinner">
            <Spinner label="Searching" />
          </span>
        )}
      </div>
      <ul {...getMenuProps({ 'aria-label': 'Suggestions' })} className={`combo-list${inline ? ' combo-list-inline' : ''}`} hidden={!shown}>
        {shown && items.length === 0 && (
          <li className="combo-empty" role="presentation">
            {emptyText}
          </li>
        )}
        {shown &&
          items.map((q, index) => (
            <li key={q._id} {...getItemProps({ item: q, index })} className={`combo-option${highlightedIndex === index ? ' is-active' : ''}`}>
              <PlatformIcon platform={q.platform} size={16} />
              <span className="combo-name">{q.name}</span>
              <Difficulty value={q.difficulty} />
            </li>
          ))}
      </ul>
    </div>
  );
}

/** Leaving the box (Tab, a click elsewhere) closes the list without picking the highlighted question. */
function keepTextOnBlur<Q>(state: UseComboboxState<Q>, { type, changes }: UseComboboxStateChangeOptions<Q>): Partial<UseComboboxState<Q>> {
  if (type !== useCombobox.stateChangeTypes.InputBlur) return changes;
  return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
}
