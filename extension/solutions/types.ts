/** Code a judge answered for one of the user's own Accepted submissions. */
interface JudgeCode {
  code: string;
  language: string;
}

/** What a code reader makes of an answer: the code, or a message saying why there is none. */
export type CodeRead = ({ ok: true } & JudgeCode) | { ok: false; error: string; signedOut?: true };

/** Largest code passed on: the tracker keeps up to 64 kB (UTF-8), refused beyond with its own message. */
export const MAX_CODE_CHARS = 64 * 1024;

export const codeFailure = (error: string, signedOut?: true): CodeRead => (signedOut ? { ok: false, error, signedOut } : { ok: false, error });
