import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preload';

describe('preloadable', () => {
  it('imports once, however often it is asked, and then reads synchronously', async () => {
    const importer = vi.fn(async () => 'page');
    const code = preloadable(importer);
    expect(code.current()).toBeUndefined();
    const [a, b] = await Promise.all([code.load(), code.load()]);
    expect([a, b, code.current()]).toEqual(['page', 'page', 'page']);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed import', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce('page');
    const code = preloadable(importer);
    await expect(code.load()).rejects.toThrow('chunk failed');
    expect(code.current()).toBeUndefined();
    await expect(code.load()).resolves.toBe('page');
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
