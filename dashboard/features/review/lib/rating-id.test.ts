import { describe, expect, it } from 'vitest';
import { ratingId } from './rating-id';

describe('rating ids', () => {
  it('are version 4 UUIDs, new each time, with or without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(ratingId()).toMatch(uuid);
    expect(ratingId()).not.toBe(ratingId());
    const original = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(ratingId()).toMatch(uuid);
    } finally {
      if (original) Object.defineProperty(crypto, 'randomUUID', original);
      else Reflect.deleteProperty(crypto, 'randomUUID');
    }
  });
});
