//! [`Map`]: the members of a JSON object, in insertion order.
//!
//! The members live in one `Vec`, in the order they were inserted (the order of the text they
//! were read from). Small objects, by far the most common, are searched linearly: a few string
//! comparisons beat hashing. An object that grows past [`INDEXED`] members gets a hash index
//! (an open-addressing table of member positions, hashed with a per-process random key, so that
//! crafted names cannot make lookups slow), kept up to date by every change.

use core::borrow::Borrow;
use core::fmt;
use core::marker::PhantomData;
use core::ops;
use std::sync::OnceLock;

use super::Value;
use crate::text::state::NameHash;

/// Objects with at least this many members get a hash index.
const INDEXED: usize = 24;

/// No member in this slot of the index.
const EMPTY: u32 = u32::MAX;

/// A JSON object: string keys to [`Value`]s, in insertion order.
///
/// The type parameters exist so that code written for `serde_json::Map<String, Value>` compiles
/// unchanged; only `Map<String, Value>` (the default) has methods.
///
/// ```
/// use jet::{json, Map, Value};
///
/// let mut map = Map::new();
/// map.insert("b".to_string(), json!(1));
/// map.insert("a".to_string(), json!(2));
/// assert_eq!(map.keys().collect::<Vec<_>>(), ["b", "a"]);
/// assert_eq!(map.insert("b".to_string(), json!(3)), Some(json!(1)));
/// assert_eq!(map["b"], 3);
/// ```
pub struct Map<K = String, V = Value> {
    entries: Vec<(String, Value)>,
    index: Option<Box<Index>>,
    types: PhantomData<(K, V)>,
}

/// The hash index of a large map: member positions by hash of their names.
#[derive(Clone)]
struct Index {
    /// Power-of-two many slots, at most half full.
    slots: Box<[u32]>,
}

/// The keyed hash of the duplicate-name tables (a few multiplications per name, where std's
/// SipHash takes a hundred instructions), under keys drawn once per process.
#[inline]
fn hash(key: &str) -> usize {
    static KEYS: OnceLock<NameHash> = OnceLock::new();
    KEYS.get_or_init(NameHash::random).hash(key.as_bytes()) as usize
}

impl Index {
    /// An index of `entries`, with room for `capacity` members.
    fn build(entries: &[(String, Value)], capacity: usize) -> Index {
        let size = (capacity.max(entries.len()) * 2).next_power_of_two().max(64);
        let mut index = Index { slots: vec![EMPTY; size].into_boxed_slice() };
        for (i, (key, _)) in entries.iter().enumerate() {
            index.place(key, i);
        }
        index
    }

    /// Puts position `i` (of a member named `key`) in the first free slot of its probe run.
    fn place(&mut self, key: &str, i: usize) {
        let mask = self.slots.len() - 1;
        let mut slot = hash(key) & mask;
        while self.slots[slot] != EMPTY {
            slot = (slot + 1) & mask;
        }
        self.slots[slot] = i as u32;
    }

    /// The slot holding the position of the member named `key`, if any.
    fn find(&self, entries: &[(String, Value)], key: &str) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut slot = hash(key) & mask;
        loop {
            let i = self.slots[slot];
            if i == EMPTY {
                return None;
            }
            if entries[i as usize].0 == key {
                return Some(slot);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Whether one more member fits while keeping the table at most half full.
    fn has_room(&self, len: usize) -> bool {
        (len + 1) * 2 <= self.slots.len()
    }
}

impl Map<String, Value> {
    /// An empty map.
    #[inline]
    pub fn new() -> Map {
        Map { entries: Vec::new(), index: None, types: PhantomData }
    }

    /// An empty map with room for `capacity` members.
    pub fn with_capacity(capacity: usize) -> Map {
        let mut map = Map { entries: Vec::with_capacity(capacity), index: None, types: PhantomData };
        if capacity >= INDEXED {
            map.index = Some(Box::new(Index::build(&[], capacity)));
        }
        map
    }

    /// A map of members whose names are known to be distinct (the reader checked them).
    pub(crate) fn from_distinct(entries: Vec<(String, Value)>) -> Map {
        let index = (entries.len() >= INDEXED).then(|| Box::new(Index::build(&entries, entries.len())));
        Map { entries, index, types: PhantomData }
    }

    /// The position of the member named `key`.
    #[inline]
    fn position(&self, key: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index.find(&self.entries, key).map(|slot| index.slots[slot] as usize),
            None => self.entries.iter().position(|(k, _)| k == key),
        }
    }

    /// The number of members.
    #[inline]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the map has no members.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Removes every member.
    pub fn clear(&mut self) {
        self.entries.clear();
        self.index = None;
    }

    /// The value of the member named `key`.
    pub fn get<Q: ?Sized + Borrow<str>>(&self, key: &Q) -> Option<&Value> {
        self.position(key.borrow()).map(|i| &self.entries[i].1)
    }

    /// The value of the member named `key`, to change.
    pub fn get_mut<Q: ?Sized + Borrow<str>>(&mut self, key: &Q) -> Option<&mut Value> {
        self.position(key.borrow()).map(|i| &mut self.entries[i].1)
    }

    /// The name and value of the member named `key`.
    pub fn get_key_value<Q: ?Sized + Borrow<str>>(&self, key: &Q) -> Option<(&String, &Value)> {
        self.position(key.borrow()).map(|i| {
            let (k, v) = &self.entries[i];
            (k, v)
        })
    }

    /// Whether a member is named `key`.
    pub fn contains_key<Q: ?Sized + Borrow<str>>(&self, key: &Q) -> bool {
        self.position(key.borrow()).is_some()
    }

    /// The position of the member named `key` in insertion order.
    pub fn get_index_of<Q: ?Sized + Borrow<str>>(&self, key: &Q) -> Option<usize> {
        self.position(key.borrow())
    }

    /// The member at position `i` in insertion order.
    pub fn get_index(&self, i: usize) -> Option<(&String, &Value)> {
        self.entries.get(i).map(|(k, v)| (k, v))
    }

    /// Sets the member named `key` to `value`, returning the value it replaces. A new member
    /// goes last; a replaced one keeps its place.
    pub fn insert(&mut self, key: String, value: Value) -> Option<Value> {
        match self.position(&key) {
            Some(i) => Some(core::mem::replace(&mut self.entries[i].1, value)),
            None => {
                self.push_new(key, value);
                None
            }
        }
    }

    /// Appends a member whose name is not in the map.
    fn push_new(&mut self, key: String, value: Value) {
        let i = self.entries.len();
        self.entries.push((key, value));
        let rebuild = match &mut self.index {
            Some(index) if index.has_room(i) => {
                index.place(&self.entries[i].0, i);
                false
            }
            Some(_) => true,
            None => i + 1 >= INDEXED,
        };
        if rebuild {
            self.index = Some(Box::new(Index::build(&self.entries, (i + 1) * 2)));
        }
    }

    /// Removes the member named `key`, keeping the order of the others (as
    /// [`shift_remove`](Map::shift_remove)); returns its value.
    pub fn remove<Q: ?Sized + Borrow<str>>(&mut self, key: &Q) -> Option<Value> {
        self.shift_remove(key)
    }

    /// Removes the member named `key`, returning its name and value.
    pub fn remove_entry<Q: ?Sized + Borrow<str>>(&mut self, key: &Q) -> Option<(String, Value)> {
        let i = self.position(key.borrow())?;
        Some(self.remove_at(i))
    }

    /// Removes the member named `key`, keeping the order of the others (O(n)).
    pub fn shift_remove<Q: ?Sized + Borrow<str>>(&mut self, key: &Q) -> Option<Value> {
        self.remove_entry(key).map(|(_, v)| v)
    }

    /// Removes the member named `key`, moving the last member into its place (O(1) order
    /// change instead of O(n) shifting).
    pub fn swap_remove<Q: ?Sized + Borrow<str>>(&mut self, key: &Q) -> Option<Value> {
        let i = self.position(key.borrow())?;
        let (_, value) = self.entries.swap_remove(i);
        self.reindex();
        Some(value)
    }

    /// Removes the member at position `i`, keeping the order of the others.
    fn remove_at(&mut self, i: usize) -> (String, Value) {
        let entry = self.entries.remove(i);
        self.reindex();
        entry
    }

    /// Rebuilds the index after members moved.
    fn reindex(&mut self) {
        if self.index.is_some() {
            self.index = (self.entries.len() >= INDEXED / 2)
                .then(|| Box::new(Index::build(&self.entries, self.entries.len())));
        }
    }

    /// Moves every member of `other` into this map (replacing members of the same name).
    pub fn append(&mut self, other: &mut Map) {
        for (k, v) in core::mem::take(&mut other.entries) {
            self.insert(k, v);
        }
        other.index = None;
    }

    /// The member named `key`, to read, change or insert in place.
    pub fn entry<S: Into<String>>(&mut self, key: S) -> Entry<'_> {
        let key = key.into();
        match self.position(&key) {
            Some(i) => Entry::Occupied(OccupiedEntry { map: self, i }),
            None => Entry::Vacant(VacantEntry { map: self, key }),
        }
    }

    /// Keeps only the members for which `keep` returns true.
    pub fn retain<F: FnMut(&String, &mut Value) -> bool>(&mut self, mut keep: F) {
        let before = self.entries.len();
        self.entries.retain_mut(|(k, v)| keep(k, v));
        if self.entries.len() != before {
            self.reindex();
        }
    }

    /// Sorts the members by name (byte order, which is code point order).
    pub fn sort_keys(&mut self) {
        self.entries.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        self.reindex();
    }

    /// The members in order.
    pub fn iter(&self) -> Iter<'_> {
        Iter(self.entries.iter())
    }

    /// The members in order, values changeable.
    pub fn iter_mut(&mut self) -> IterMut<'_> {
        IterMut(self.entries.iter_mut())
    }

    /// The names in order.
    pub fn keys(&self) -> Keys<'_> {
        Keys(self.entries.iter())
    }

    /// The values in order.
    pub fn values(&self) -> Values<'_> {
        Values(self.entries.iter())
    }

    /// The values in order, changeable.
    pub fn values_mut(&mut self) -> ValuesMut<'_> {
        ValuesMut(self.entries.iter_mut())
    }

    /// The values in order, owned.
    pub fn into_values(mut self) -> IntoValues {
        IntoValues(core::mem::take(&mut self.entries).into_iter())
    }

    /// The names in order, owned.
    pub fn into_keys(mut self) -> IntoKeys {
        IntoKeys(core::mem::take(&mut self.entries).into_iter())
    }

    /// The members as a slice of (name, value) pairs in order.
    pub fn as_slice(&self) -> &[(String, Value)] {
        &self.entries
    }

    /// Inserts a member whose name is not in the map at position `place` (or last).
    pub(crate) fn insert_at(&mut self, place: usize, key: String, value: Value) {
        self.entries.insert(place.min(self.entries.len()), (key, value));
        if self.index.is_some() || self.entries.len() >= INDEXED {
            self.index = Some(Box::new(Index::build(&self.entries, self.entries.len() * 2)));
        }
    }

    /// Takes every member out, leaving the map empty.
    pub(crate) fn take_entries(&mut self) -> Vec<(String, Value)> {
        self.index = None;
        core::mem::take(&mut self.entries)
    }
}

impl Default for Map {
    fn default() -> Map {
        Map::new()
    }
}

/// Drops nested values without recursion (see [`Value`]'s drop).
impl<K, V> Drop for Map<K, V> {
    fn drop(&mut self) {
        if !self.entries.is_empty() {
            super::drop_children(&mut self.entries, |entries| {
                super::drop_deep(entries.drain(..).map(|(_, v)| v));
            });
        }
    }
}

impl Clone for Map {
    fn clone(&self) -> Map {
        // `Value::clone` does not recurse, so neither does this.
        let entries = self.entries.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        Map { entries, index: self.index.clone(), types: PhantomData }
    }
}

/// Maps are equal when they have the same members, in any order.
impl PartialEq for Map {
    fn eq(&self, other: &Map) -> bool {
        // `Value::eq` does not recurse, so neither does this.
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl Eq for Map {}

impl fmt::Debug for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::write::debug_map(f, self)
    }
}

impl<Q: ?Sized + Borrow<str>> ops::Index<&Q> for Map {
    type Output = Value;

    /// # Panics
    /// When no member has that name.
    fn index(&self, key: &Q) -> &Value {
        self.get(key).expect("no member with that name in the JSON object")
    }
}

impl<Q: ?Sized + Borrow<str>> ops::IndexMut<&Q> for Map {
    /// # Panics
    /// When no member has that name.
    fn index_mut(&mut self, key: &Q) -> &mut Value {
        self.get_mut(key).expect("no member with that name in the JSON object")
    }
}

impl FromIterator<(String, Value)> for Map {
    fn from_iter<T: IntoIterator<Item = (String, Value)>>(iter: T) -> Map {
        let mut map = Map::new();
        map.extend(iter);
        map
    }
}

impl Extend<(String, Value)> for Map {
    fn extend<T: IntoIterator<Item = (String, Value)>>(&mut self, iter: T) {
        for (k, v) in iter {
            self.insert(k, v);
        }
    }
}

impl<K: Into<String>, V: Into<Value>, const N: usize> From<[(K, V); N]> for Map {
    fn from(members: [(K, V); N]) -> Map {
        members.into_iter().map(|(k, v)| (k.into(), v.into())).collect()
    }
}

/// One member of a [`Map`], found or not: from [`Map::entry`].
#[derive(Debug)]
pub enum Entry<'a> {
    /// No member has the name.
    Vacant(VacantEntry<'a>),
    /// A member has the name.
    Occupied(OccupiedEntry<'a>),
}

/// A name no member of the map has.
#[derive(Debug)]
pub struct VacantEntry<'a> {
    map: &'a mut Map,
    key: String,
}

/// A member of the map.
#[derive(Debug)]
pub struct OccupiedEntry<'a> {
    map: &'a mut Map,
    i: usize,
}

impl<'a> Entry<'a> {
    /// The member's name.
    pub fn key(&self) -> &String {
        match self {
            Entry::Vacant(e) => &e.key,
            Entry::Occupied(e) => e.key(),
        }
    }

    /// The member's value, inserting `default` first if there is none.
    pub fn or_insert(self, default: Value) -> &'a mut Value {
        match self {
            Entry::Vacant(e) => e.insert(default),
            Entry::Occupied(e) => e.into_mut(),
        }
    }

    /// The member's value, inserting `default()` first if there is none.
    pub fn or_insert_with<F: FnOnce() -> Value>(self, default: F) -> &'a mut Value {
        match self {
            Entry::Vacant(e) => e.insert(default()),
            Entry::Occupied(e) => e.into_mut(),
        }
    }

    /// The member's value, inserting `Value::Null` first if there is none.
    pub fn or_default(self) -> &'a mut Value {
        self.or_insert(Value::Null)
    }

    /// Changes the member's value, if there is one, and gives the entry back.
    pub fn and_modify<F: FnOnce(&mut Value)>(self, f: F) -> Entry<'a> {
        match self {
            Entry::Occupied(mut e) => {
                f(e.get_mut());
                Entry::Occupied(e)
            }
            vacant => vacant,
        }
    }
}

impl<'a> VacantEntry<'a> {
    /// The name.
    pub fn key(&self) -> &String {
        &self.key
    }

    /// Inserts the member (last), returning its value.
    pub fn insert(self, value: Value) -> &'a mut Value {
        let i = self.map.entries.len();
        self.map.push_new(self.key, value);
        &mut self.map.entries[i].1
    }
}

impl<'a> OccupiedEntry<'a> {
    /// The member's name.
    pub fn key(&self) -> &String {
        &self.map.entries[self.i].0
    }

    /// The member's value.
    pub fn get(&self) -> &Value {
        &self.map.entries[self.i].1
    }

    /// The member's value, to change.
    pub fn get_mut(&mut self) -> &mut Value {
        &mut self.map.entries[self.i].1
    }

    /// The member's value, to change, for as long as the map is borrowed.
    pub fn into_mut(self) -> &'a mut Value {
        &mut self.map.entries[self.i].1
    }

    /// Sets the member's value, returning the old one.
    pub fn insert(&mut self, value: Value) -> Value {
        core::mem::replace(self.get_mut(), value)
    }

    /// Removes the member (keeping the order of the others), returning its value.
    pub fn remove(self) -> Value {
        self.map.remove_at(self.i).1
    }
}

macro_rules! iterator {
    ($(#[$doc:meta])* $name:ident<$($lt:lifetime)?>: $inner:ty => $item:ty, |$e:pat_param| $map:expr) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub struct $name<$($lt)?>($inner);

        impl<$($lt)?> Iterator for $name<$($lt)?> {
            type Item = $item;
            #[inline]
            fn next(&mut self) -> Option<$item> {
                self.0.next().map(|$e| $map)
            }
            fn size_hint(&self) -> (usize, Option<usize>) {
                self.0.size_hint()
            }
        }

        impl<$($lt)?> DoubleEndedIterator for $name<$($lt)?> {
            fn next_back(&mut self) -> Option<$item> {
                self.0.next_back().map(|$e| $map)
            }
        }

        impl<$($lt)?> ExactSizeIterator for $name<$($lt)?> {}
    };
}

iterator!(
    /// The members of a [`Map`] in order.
    Iter<'a>: core::slice::Iter<'a, (String, Value)> => (&'a String, &'a Value), |(k, v)| (k, v));
iterator!(
    /// The members of a [`Map`] in order, values changeable.
    IterMut<'a>: core::slice::IterMut<'a, (String, Value)> => (&'a String, &'a mut Value), |(k, v)| (&*k, v));
iterator!(
    /// The names of a [`Map`] in order.
    Keys<'a>: core::slice::Iter<'a, (String, Value)> => &'a String, |(k, _)| k);
iterator!(
    /// The values of a [`Map`] in order.
    Values<'a>: core::slice::Iter<'a, (String, Value)> => &'a Value, |(_, v)| v);
iterator!(
    /// The values of a [`Map`] in order, changeable.
    ValuesMut<'a>: core::slice::IterMut<'a, (String, Value)> => &'a mut Value, |(_, v)| v);
iterator!(
    /// The members of a [`Map`] in order, owned.
    IntoIter<>: std::vec::IntoIter<(String, Value)> => (String, Value), |e| e);
iterator!(
    /// The values of a [`Map`] in order, owned.
    IntoValues<>: std::vec::IntoIter<(String, Value)> => Value, |(_, v)| v);
iterator!(
    /// The names of a [`Map`] in order, owned.
    IntoKeys<>: std::vec::IntoIter<(String, Value)> => String, |(k, _)| k);

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a String, &'a Value);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Map {
    type Item = (&'a String, &'a mut Value);
    type IntoIter = IterMut<'a>;
    fn into_iter(self) -> IterMut<'a> {
        self.iter_mut()
    }
}

impl IntoIterator for Map {
    type Item = (String, Value);
    type IntoIter = IntoIter;
    /// The members in order. (Values nested deeper than the stack allows are still dropped
    /// without recursion when the iterator's items are.)
    fn into_iter(mut self) -> IntoIter {
        IntoIter(self.take_entries().into_iter())
    }
}
