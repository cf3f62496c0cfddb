import hljs from 'highlight.js/lib/core';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import kotlin from 'highlight.js/lib/languages/kotlin';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';

// The judges' common languages only: the side panel stays small, and anything else shows as plain text.
const LANGUAGES = { c, cpp, csharp, go, java, javascript, kotlin, python, ruby, rust, sql, swift, typescript };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

/** A judge's name for a language ("GNU C++17", "Python3", "cpp", "PyPy 3-64") as a highlighter's. */
function highlightLanguage(judgeName: string): string | null {
  const n = judgeName.toLowerCase();
  if (/c\+\+|cpp|clang\+\+|g\+\+/.test(n)) return 'cpp';
  if (/c#|csharp|\.net|mono/.test(n)) return 'csharp';
  if (/typescript/.test(n)) return 'typescript';
  if (/javascript|node|^js$/.test(n)) return 'javascript';
  if (/kotlin/.test(n)) return 'kotlin';
  if (/java/.test(n)) return 'java';
  if (/pypy|python/.test(n)) return 'python';
  if (/rust/.test(n)) return 'rust';
  if (/\bgo\b|golang/.test(n)) return 'go';
  if (/ruby/.test(n)) return 'ruby';
  if (/swift/.test(n)) return 'swift';
  if (/sql/.test(n)) return 'sql';
  if (/^(gnu )?c\d*$|^c$|gnu c\d+|^c \(/.test(n)) return 'c';
  return null;
}

/** The code as highlighted HTML (the highlighter escapes the code itself), or null for a language it does not know. */
export function highlightCode(code: string, judgeLanguage: string): string | null {
  const language = highlightLanguage(judgeLanguage);
  if (!language) return null;
  try {
    return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  } catch {
    return null;
  }
}
