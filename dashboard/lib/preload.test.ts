import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preload';

describe('preloadable', () => {
  it('imports once, however often it is asked, and then reads synchronously', async () => {
    const importer = vi.fn(() => Promise.resolve('page'));
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

  it('takes code handed over by the module itself, without importing it', async () => {
    const importer = vi.fn(() => new Promise<string>(() => undefined));
    const code = preloadable(importer);
    code.provide('page');
    expect(code.current()).toBe('page');
    await expect(code.load()).resolves.toBe('page');
    expect(importer).not.toHaveBeenCalled();
  });

  it('settles a pending load when the module hands itself over before its import resolves', async () => {
    const code = preloadable(() => new Promise<string>(() => undefined));
    const loading = code.load();
    code.provide('page');
    await expect(loading).resolves.toBe('page');
  });

  it('keeps code handed over even when its import fails afterwards', async () => {
    let fail!: (err: Error) => void;
    const code = preloadable(() => new Promise<string>((_, reject) => (fail = reject)));
    const loading = code.load();
    code.provide('page');
    fail(new Error('chunk failed'));
    await expect(loading).resolves.toBe('page');
    await expect(code.load()).resolves.toBe('page');
  });

  it('takes code handed over after a failed import', async () => {
    const code = preloadable<string>(() => Promise.reject(new Error('chunk failed')));
    await expect(code.load()).rejects.toThrow('chunk failed');
    code.provide('page');
    await expect(code.load()).resolves.toBe('page');
    await expect(code.provided()).resolves.toBe('page');
  });
});
