import {
  addRecentSearch,
  clearRecentSearches,
  forgetSearch,
  getRecentSearches,
  MAX_RECENT_SEARCHES,
  normalizeSearch,
  parseRecentSearches,
  RECENT_SEARCHES_KEY,
  rememberSearch,
  removeRecentSearch,
  subscribeRecentSearches,
} from '../../src/features/catalog/lib/recent-searches';

describe('recent searches: list logic', () => {
  it('normalizes a search as the server reads it', () => {
    expect(normalizeSearch('  yoga   mat \t')).toBe('yoga mat');
    expect(normalizeSearch('   ')).toBe('');
  });

  it('puts the newest search first', () => {
    expect(addRecentSearch(['tent', 'phone'], 'coffee')).toEqual(['coffee', 'tent', 'phone']);
  });

  it('moves a repeated search to the top instead of keeping it twice, in any letter case', () => {
    expect(addRecentSearch(['tent', 'Phone', 'coffee'], 'phone')).toEqual(['phone', 'tent', 'coffee']);
    expect(addRecentSearch(['yoga mat'], '  Yoga   MAT ')).toEqual(['Yoga MAT']);
  });

  it('ignores empty searches and does not change the given list', () => {
    const list = ['tent'];
    expect(addRecentSearch(list, '   ')).toEqual(['tent']);
    addRecentSearch(list, 'phone');
    expect(list).toEqual(['tent']);
  });

  it(`keeps at most ${MAX_RECENT_SEARCHES}, dropping the oldest`, () => {
    let list: string[] = [];
    for (let index = 1; index <= 12; index += 1) list = addRecentSearch(list, `term ${index}`);
    expect(list).toHaveLength(MAX_RECENT_SEARCHES);
    expect(list[0]).toBe('term 12');
    expect(list.at(-1)).toBe('term 3');
    expect(addRecentSearch(['a', 'b', 'c'], 'd', 3)).toEqual(['d', 'a', 'b']);
  });

  it('shortens a very long search to 100 characters', () => {
    expect(addRecentSearch([], 'x'.repeat(300))[0]).toHaveLength(100);
  });

  it('removes one search in any letter case', () => {
    expect(removeRecentSearch(['Tent', 'phone'], 'tent')).toEqual(['phone']);
  });

  it('reads back what was stored, and anything else as an empty or cleaned list', () => {
    expect(parseRecentSearches(JSON.stringify(['phone', 'tent']))).toEqual(['phone', 'tent']);
    expect(parseRecentSearches(null)).toEqual([]);
    expect(parseRecentSearches('not json')).toEqual([]);
    expect(parseRecentSearches('{"a":1}')).toEqual([]);
    expect(parseRecentSearches(JSON.stringify(['phone', 3, null, ' ', 'PHONE', ' tent ']))).toEqual(['phone', 'tent']);
    const many = Array.from({ length: 15 }, (_, index) => `t${index}`);
    expect(parseRecentSearches(JSON.stringify(many))).toEqual(many.slice(0, MAX_RECENT_SEARCHES));
  });
});

describe('recent searches: stored on this device', () => {
  beforeEach(() => localStorage.clear());

  it('remembers searches in localStorage under its own key, most recent first', () => {
    rememberSearch('phone');
    rememberSearch('tent');
    rememberSearch('Phone');
    expect(getRecentSearches()).toEqual(['Phone', 'tent']);
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? 'null')).toEqual(['Phone', 'tent']);
  });

  it('gives the same array while nothing changed (a stable snapshot for React)', () => {
    rememberSearch('phone');
    expect(getRecentSearches()).toBe(getRecentSearches());
  });

  it('forgets one search, and clears all (removing the key)', () => {
    rememberSearch('phone');
    rememberSearch('tent');
    forgetSearch('PHONE');
    expect(getRecentSearches()).toEqual(['tent']);
    clearRecentSearches();
    expect(getRecentSearches()).toEqual([]);
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });

  it('tells subscribers about changes here and in other tabs, until they unsubscribe', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeRecentSearches(listener);
    rememberSearch('phone');
    expect(listener).toHaveBeenCalledTimes(1);
    rememberSearch('phone'); // already first: nothing changes, nobody is called
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: RECENT_SEARCHES_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'something else' }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    rememberSearch('tent');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps working when storage refuses to be written', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    try {
      expect(() => rememberSearch('phone')).not.toThrow();
      expect(getRecentSearches()).toEqual([]);
    } finally {
      setItem.mockRestore();
    }
  });
});
