import hljs from 'highlight.js/lib/core';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import delphi from 'highlight.js/lib/languages/delphi';
import go from 'highlight.js/lib/languages/go';
import haskell from 'highlight.js/lib/languages/haskell';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import kotlin from 'highlight.js/lib/languages/kotlin';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import scala from 'highlight.js/lib/languages/scala';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import { escapeUTF8 } from 'entities';
import { solutionLanguage, type SolutionLanguageId } from './rules/solutions';

/*
 * Only the core and the languages the judges accept (shared/rules/solutions), registered here: the full
 * highlight.js build carries some 190 grammars. The dashboard loads this module with the solutions panel
 * and the profile's published solutions, never with the first page; the extension with its side panel.
 * The rarer languages have no grammar here and show as plain text.
 */
const GRAMMARS: Partial<Record<SolutionLanguageId, Parameters<typeof hljs.registerLanguage>[1]>> = {
  c,
  cpp,
  csharp,
  pascal: delphi,
  go,
  haskell,
  java,
  javascript,
  kotlin,
  php,
  python,
  ruby,
  rust,
  scala,
  sql,
  swift,
  typescript,
};
for (const [id, grammar] of Object.entries(GRAMMARS)) hljs.registerLanguage(id, grammar);

/**
 * The code as HTML with token spans (hljs-keyword, hljs-string...), for a language name as a judge or
 * the user gave it; plain escaped text for a language it does not know. highlight.js escapes the code
 * itself, so the result holds no markup of the code's own.
 */
export function highlightCode(code: string, language: string): string {
  const known = solutionLanguage(language);
  if (!known || !GRAMMARS[known.id]) return escapeUTF8(code);
  return hljs.highlight(code, { language: known.id, ignoreIllegals: true }).value;
}
