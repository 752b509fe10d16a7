import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from '../storage';

const list = (key: string) =>
  createStore<string[]>({
    key,
    read: (raw) => (raw === null ? [] : (JSON.parse(raw) as string[])),
    write: (v) => (v.length ? JSON.stringify(v) : null),
  });

describe('createStore', () => {
  afterEach(() => localStorage.clear());

  it('with nothing stored, holds the very value the server renders (no render again after a take-over)', () => {
    const store = list('nothing-stored');
    expect(store.get()).toBe(store.initial());
  });

  it('with something stored, holds what was stored', () => {
    localStorage.setItem('stored', JSON.stringify(['M']));
    const store = list('stored');
    expect(store.get()).toEqual(['M']);
    expect(store.initial()).toEqual([]);
  });

  it("takes another tab's removal as the value with nothing stored", () => {
    localStorage.setItem('other-tab', JSON.stringify(['L']));
    const store = list('other-tab');
    localStorage.removeItem('other-tab');
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'other-tab', newValue: null, storageArea: localStorage }),
    );
    expect(store.get()).toBe(store.initial());
  });
});
