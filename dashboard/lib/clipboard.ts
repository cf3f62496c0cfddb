import { useEffect, useRef, useState } from 'react';
import { SHARE_MESSAGES } from '@shared/rules/sheet';
import { toast } from './toast';

/** How long a copy button says it copied (spec §9: copy confirmation lasts 2 s). */
const COPY_CONFIRM_MS = 2000;

/**
 * Copies text with a toast either way; `copied` is true for the confirmation's while after a success.
 * The words default to the spec's for a link.
 */
export function useCopy(done: string = SHARE_MESSAGES.linkCopied, failed: string = SHARE_MESSAGES.copyFailed) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast.error(failed);
      return;
    }
    toast.success(done);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
  };
  return { copied, copy };
}
