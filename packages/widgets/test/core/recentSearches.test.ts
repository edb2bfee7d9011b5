import { describe, expect, it } from 'vitest';
import { recentSearches } from '../../src/core/recentSearches.ts';
import { memoryStorage } from '../../../../test/memoryStorage.ts';

describe('recentSearches', () => {
  it('keeps at most 5, newest first, and moves a repeated search up regardless of case', () => {
    const storage = memoryStorage();
    const recent = recentSearches('k', () => storage);
    for (const q of ['a', 'b', 'c', 'd', 'e', 'f']) recent.add(q);
    expect(recent.list()).toEqual(['f', 'e', 'd', 'c', 'b']);
    expect(recent.add(' C ')).toEqual(['C', 'f', 'e', 'd', 'b']);
    expect(JSON.parse(storage.getItem('k')!)).toEqual(['C', 'f', 'e', 'd', 'b']);
  });

  it('ignores blank searches', () => {
    const recent = recentSearches('k', memoryStorage);
    expect(recent.add('   ')).toEqual([]);
  });

  it('removes one and clears all', () => {
    const storage = memoryStorage();
    const recent = recentSearches('k', () => storage);
    recent.add('a');
    recent.add('b');
    expect(recent.remove('a')).toEqual(['b']);
    expect(recent.clear()).toEqual([]);
    expect(storage.getItem('k')).toBeNull();
  });

  it('is empty and quiet when storage is unavailable or throws', () => {
    const throwing = {
      getItem() {
        throw new Error('SecurityError');
      },
      setItem() {
        throw new Error('QuotaExceededError');
      },
      removeItem() {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    for (const get of [
      () => undefined,
      () => throwing,
      () => {
        throw new Error('denied');
      },
    ]) {
      const recent = recentSearches('k', get);
      expect(recent.add('a')).toEqual([]);
      expect(recent.list()).toEqual([]);
      expect(recent.remove('a')).toEqual([]);
      expect(recent.clear()).toEqual([]);
    }
  });

  it('ignores garbage in storage', () => {
    const storage = memoryStorage();
    const recent = recentSearches('k', () => storage);
    storage.setItem('k', '{not json');
    expect(recent.list()).toEqual([]);
    storage.setItem('k', JSON.stringify({ a: 1 }));
    expect(recent.list()).toEqual([]);
    storage.setItem('k', JSON.stringify(['ok', 3, null, '', 'fine']));
    expect(recent.list()).toEqual(['ok', 'fine']);
  });
});
