import { format } from 'date-fns';
import { ExternalLink } from 'lucide-react';
import { languageLabel } from '@shared/rules/solutions';
import type { PublishedSolution } from '@shared/schemas/solution';
import { PlatformIcon } from '../../../components/question-bits';
import { CodeBlock } from './code-block';
import '../solutions.css';

/** The solutions a person published, on their public profile (loaded with highlight.js when there are some). */
export default function PublishedSolutions({ solutions }: { solutions: readonly PublishedSolution[] }) {
  return (
    <ul className="sol-published">
      {solutions.map((s) => (
        <li key={s.id} className="card card-pad" data-testid="published-solution">
          <div className="sol-published-head">
            <a href={s.problemUrl} target="_blank" rel="noopener noreferrer" className="row">
              <PlatformIcon platform={s.platform} size={16} />
              {s.questionName}
              <ExternalLink size={13} aria-hidden />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            <span className="faint">
              {languageLabel(s.language)} · Accepted {format(new Date(s.acceptedAt), 'd MMM yyyy')}
            </span>
          </div>
          <CodeBlock code={s.code} language={s.language} label={`Code of ${s.questionName} in ${languageLabel(s.language)}`} />
        </li>
      ))}
    </ul>
  );
}
