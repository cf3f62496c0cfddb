import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EXTENSION_ID, EXTENSION_PUBLIC_KEY } from './extension';

describe('the extension id', () => {
  it('is the one Chrome derives from the manifest key', () => {
    const hex = createHash('sha256').update(Buffer.from(EXTENSION_PUBLIC_KEY, 'base64')).digest('hex').slice(0, 32);
    // Hex digits are ASCII: one character per digit.
    expect(hex.replace(/[0-9a-f]/g, (d) => String.fromCharCode(97 + parseInt(d, 16)))).toBe(EXTENSION_ID);
  });
});
