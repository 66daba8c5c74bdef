/**
 * A function that works out its answer for each key once. With a `limit` it keeps
 * only the answers of the keys last asked for, so a cache that lives as long as
 * the page stays bounded.
 */
export function cached<K, T>(compute: (key: K) => T, limit = Infinity): (key: K) => T {
  const answers = new Map<K, T>();
  let lastKey: K | undefined;
  return (key) => {
    if (answers.has(key)) {
      const answer = answers.get(key)!;
      if (limit !== Infinity && key !== lastKey) {
        // A Map keeps its keys in insertion order.
        answers.delete(key);
        answers.set(key, answer);
        lastKey = key;
      }
      return answer;
    }
    const answer = compute(key);
    answers.set(key, answer);
    lastKey = key;
    if (answers.size > limit) answers.delete(answers.keys().next().value!);
    return answer;
  };
}
