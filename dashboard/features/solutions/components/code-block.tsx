import { Check, Copy } from 'lucide-react';
import { useMemo, useState } from 'react';
import { languageLabel } from '@shared/rules/solutions';
import { toast } from '../../../lib/toast';
import { highlightCode } from '@shared/highlight';

/** Kept code with syntax highlighting and a copy button. */
export function CodeBlock({ code, language, label }: { code: string; language: string; label: string }) {
  const html = useMemo(() => highlightCode(code, language), [code, language]);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast.success('Code copied');
      setTimeout(() => setCopied(false), 1500);
    } catch {
      toast.error('Could not copy: select the code and copy it instead');
    }
  };
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
