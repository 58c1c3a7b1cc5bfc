/**
 * Stores `value` under `key`, first emptying `map` when it holds `limit` entries. For memoising
 * pure functions of request text (validated queries, cursor signatures, representation tags, key
 * verdicts): the working set is a few entries, a flood of distinct inputs must not grow memory,
 * and emptying at once costs nothing per hit where LRU bookkeeping would. Returns `value`.
 */
export function remember<K, V>(map: Map<K, V>, limit: number, key: K, value: V): V {
  if (map.size >= limit) map.clear();
  map.set(key, value);
  return value;
}
