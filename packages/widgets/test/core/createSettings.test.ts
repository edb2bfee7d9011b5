import { effect } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { createSettings } from '../../src/core/createSettings.ts';
import { sameValue } from '../../src/core/sameValue.ts';

describe('sameValue', () => {
  it('compares plain values member by member, lists in order', () => {
    expect(sameValue({ a: 1, b: ['x', 'y'], c: { d: true } }, { a: 1, b: ['x', 'y'], c: { d: true } })).toBe(true);
    expect(sameValue(['x', 'y'], ['y', 'x'])).toBe(false);
    expect(sameValue({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameValue({ a: [] }, { a: ['x'] })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue(0, '')).toBe(false);
  });

  it('takes a member that is undefined or a function for an absent one', () => {
    expect(sameValue({ limit: 4, handler: undefined }, { limit: 4 })).toBe(true);
    expect(sameValue({ limit: 4, onSelect: () => true }, { limit: 4, onSelect: () => false })).toBe(true);
    expect(sameValue({ limit: 4, handler: 'a' }, { limit: 4 })).toBe(false);
  });
});

describe('createSettings', () => {
  it('changes, and tells, only when given a different value', () => {
    const settings = createSettings({ limit: 4, filter: ['a:"b"'] });
    const seen: unknown[] = [];
    const stop = effect(() => void seen.push(settings.value.value));
    const first = settings.value.peek();
    expect(settings.set({ limit: 4, filter: ['a:"b"'] })).toBe(false);
    expect(settings.value.peek()).toBe(first);
    expect(settings.set({ limit: 5, filter: ['a:"b"'] })).toBe(true);
    expect(seen).toEqual([first, { limit: 5, filter: ['a:"b"'] }]);
    stop();
  });
});
