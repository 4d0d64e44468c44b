//! A map that forgets its least recently used entries to stay within a number of entries and a
//! number of bytes. Every operation is O(1): a hash map finds an entry's slot, and the slots are
//! chained from the most to the least recently used.

use std::collections::HashMap;
use std::hash::Hash;

const NONE: usize = usize::MAX;

struct Slot<K, V> {
    /// `None` while the slot is free, waiting in `free` for the next insertion.
    entry: Option<(K, V)>,
    bytes: usize,
    newer: usize,
    older: usize,
}

pub(super) struct Lru<K, V> {
    index: HashMap<K, usize>,
    slots: Vec<Slot<K, V>>,
    free: Vec<usize>,
    newest: usize,
    oldest: usize,
    bytes: usize,
    max_entries: usize,
    max_bytes: usize,
}

impl<K: Hash + Eq + Clone, V> Lru<K, V> {
    pub(super) fn new(max_entries: usize, max_bytes: usize) -> Self {
        Self {
            index: HashMap::new(),
            slots: Vec::new(),
            free: Vec::new(),
            newest: NONE,
            oldest: NONE,
            bytes: 0,
            max_entries,
            max_bytes,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.index.len()
    }

    /// The bytes its entries were kept with.
    pub(super) fn bytes(&self) -> usize {
        self.bytes
    }

    /// The value of `key`, which becomes the most recently used.
    pub(super) fn get(&mut self, key: &K) -> Option<&V> {
        let slot = *self.index.get(key)?;
        self.unlink(slot);
        self.link_newest(slot);
        self.slots[slot].entry.as_ref().map(|(_, value)| value)
    }

    pub(super) fn remove(&mut self, key: &K) -> Option<V> {
        let slot = self.index.remove(key)?;
        self.release(slot)
    }

    /// Keeps `value` under `key` as the most recently used entry, counted as `bytes`, after
    /// forgetting the least recently used ones it needs room from. A value larger than the whole
    /// bound is not kept (and what `key` held before is dropped). Returns what was forgotten, for
    /// the caller to drop once it no longer holds the map.
    pub(super) fn insert(&mut self, key: K, value: V, bytes: usize) -> Vec<V> {
        let mut forgotten: Vec<V> = self.remove(&key).into_iter().collect();
        if bytes > self.max_bytes || self.max_entries == 0 {
            forgotten.push(value);
            return forgotten;
        }
        while self.len() >= self.max_entries || self.bytes + bytes > self.max_bytes {
            forgotten.extend(self.remove_oldest());
        }
        let slot = match self.free.pop() {
            Some(slot) => {
                self.slots[slot] = Slot { entry: Some((key.clone(), value)), bytes, newer: NONE, older: NONE };
                slot
            }
            None => {
                self.slots.push(Slot { entry: Some((key.clone(), value)), bytes, newer: NONE, older: NONE });
                self.slots.len() - 1
            }
        };
        self.bytes += bytes;
        self.index.insert(key, slot);
        self.link_newest(slot);
        forgotten
    }

    /// Forgets every entry; returns them, for the caller to drop once it no longer holds the map.
    pub(super) fn clear(&mut self) -> Vec<V> {
        let forgotten = self.slots.drain(..).filter_map(|slot| slot.entry.map(|(_, value)| value)).collect();
        self.index.clear();
        self.free.clear();
        self.newest = NONE;
        self.oldest = NONE;
        self.bytes = 0;
        forgotten
    }

    fn remove_oldest(&mut self) -> Option<V> {
        let oldest = self.oldest;
        let key = self.slots.get(oldest)?.entry.as_ref()?.0.clone();
        self.index.remove(&key);
        self.release(oldest)
    }

    /// Takes the slot out of the chain and its entry out of the slot.
    fn release(&mut self, slot: usize) -> Option<V> {
        self.unlink(slot);
        self.bytes -= self.slots[slot].bytes;
        self.slots[slot].bytes = 0;
        self.free.push(slot);
        self.slots[slot].entry.take().map(|(_, value)| value)
    }

    fn unlink(&mut self, slot: usize) {
        let (newer, older) = (self.slots[slot].newer, self.slots[slot].older);
        match newer {
            NONE => self.newest = older,
            newer => self.slots[newer].older = older,
        }
        match older {
            NONE => self.oldest = newer,
            older => self.slots[older].newer = newer,
        }
        self.slots[slot].newer = NONE;
        self.slots[slot].older = NONE;
    }

    fn link_newest(&mut self, slot: usize) {
        self.slots[slot].older = self.newest;
        match self.newest {
            NONE => self.oldest = slot,
            newest => self.slots[newest].newer = slot,
        }
        self.newest = slot;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(lru: &Lru<u32, String>) -> Vec<u32> {
        let mut keys = Vec::new();
        let mut slot = lru.newest;
        while slot != NONE {
            keys.push(lru.slots[slot].entry.as_ref().unwrap().0);
            slot = lru.slots[slot].older;
        }
        keys
    }

    #[test]
    fn past_its_entries_it_forgets_the_least_recently_used() {
        let mut lru = Lru::new(3, 1_000);
        for key in 1..=3 {
            lru.insert(key, key.to_string(), 10);
        }
        assert_eq!(lru.get(&1).map(String::as_str), Some("1"));
        assert_eq!(lru.insert(4, "4".to_owned(), 10), ["2"]);
        assert_eq!(keys(&lru), [4, 1, 3], "2, the least recently used, is forgotten");
        assert_eq!((lru.len(), lru.bytes()), (3, 30));
        assert!(lru.get(&2).is_none());
    }

    #[test]
    fn past_its_bytes_it_forgets_as_many_as_the_new_entry_needs() {
        let mut lru = Lru::new(100, 100);
        for key in 1..=5 {
            lru.insert(key, key.to_string(), 20);
        }
        lru.get(&1);
        assert_eq!(lru.insert(6, "6".to_owned(), 50), ["2", "3", "4"]);
        assert_eq!(keys(&lru), [6, 1, 5]);
        assert_eq!(lru.bytes(), 90);
        // Larger than the whole bound: not kept, and nothing else is forgotten for it.
        assert_eq!(lru.insert(7, "7".to_owned(), 101), ["7"]);
        assert_eq!(keys(&lru), [6, 1, 5]);
    }

    #[test]
    fn a_key_kept_again_replaces_its_value_and_its_bytes() {
        let mut lru = Lru::new(10, 100);
        lru.insert(1, "a".to_owned(), 40);
        lru.insert(2, "b".to_owned(), 40);
        assert_eq!(lru.insert(1, "c".to_owned(), 50), ["a"]);
        assert_eq!(keys(&lru), [1, 2]);
        assert_eq!(lru.bytes(), 90);
        assert_eq!(lru.remove(&1).as_deref(), Some("c"));
        assert_eq!((lru.len(), lru.bytes()), (1, 40));
        // Freed slots are used again rather than the table growing.
        lru.insert(3, "d".to_owned(), 10);
        lru.insert(4, "e".to_owned(), 10);
        assert_eq!(lru.slots.len(), 3);
        assert_eq!(keys(&lru), [4, 3, 2]);
    }

    #[test]
    fn cleared_it_holds_nothing_and_keeps_again() {
        let mut lru = Lru::new(3, 100);
        lru.insert(1, "un".to_owned(), 10);
        lru.insert(2, "deux".to_owned(), 10);
        assert_eq!(lru.clear().len(), 2);
        assert_eq!((lru.len(), lru.bytes(), lru.get(&1)), (0, 0, None));
        lru.insert(3, "trois".to_owned(), 10);
        assert_eq!(keys(&lru), [3]);
    }

    #[test]
    fn removing_the_only_entry_leaves_it_empty_and_usable() {
        let mut lru = Lru::new(2, 100);
        lru.insert(1, "a".to_owned(), 1);
        assert!(lru.remove(&1).is_some());
        assert!(lru.remove(&1).is_none());
        assert_eq!((lru.len(), lru.bytes(), lru.newest, lru.oldest), (0, 0, NONE, NONE));
        lru.insert(2, "b".to_owned(), 1);
        lru.insert(3, "c".to_owned(), 1);
        lru.insert(4, "d".to_owned(), 1);
        assert_eq!(keys(&lru), [4, 3]);
    }
}
