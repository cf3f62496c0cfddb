import { Check, Copy } from 'lucide-react';
import { useMemo } from 'react';
import { languageLabel, SOLUTION_MESSAGES } from '@shared/rules/solutions';
import { useCopy } from '../../../lib/clipboard';
import { highlightCode } from '@shared/highlight';

/** Kept code with syntax highlighting and a copy button. */
export function CodeBlock({ code, language, label }: { code: string; language: string; label: string }) {
  const html = useMemo(() => highlightCode(code, language), [code, language]);
  const { copied, copy: copyText } = useCopy(SOLUTION_MESSAGES.codeCopied, SOLUTION_MESSAGES.codeCopyFailed);
  const copy = () => copyText(code);
  return (
    <div className="sol-code">
      <div className="sol-code-bar">
        <span className="sol-code-lang">{languageLabel(language)}</span>
        <button type="button" className="btn btn-ghost btn-sm" aria-label={`Copy ${label}`} onClick={() => void copy()}>
          {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />} {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      {/* highlight.js escapes the code: the HTML holds only its own token spans. */}
      <pre className="sol-pre" tabIndex={0} aria-label={label}>
        <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
      </pre>
    </div>
  );
}
