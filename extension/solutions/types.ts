/** Code a judge answered for one of the user's own Accepted submissions. */
interface JudgeCode {
  code: string;
  language: string;
}

/** What a code reader makes of an answer: the code, or a message saying why there is none. */
export type CodeRead = ({ ok: true } & JudgeCode) | { ok: false; error: string; signedOut?: true };

export const codeFailure = (error: string, signedOut?: true): CodeRead => (signedOut ? { ok: false, error, signedOut } : { ok: false, error });
