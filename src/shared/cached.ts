/**
 * A function that works out its answer for each key once, and then gives the same answer again. With a `limit`, it
 * keeps the answers of the `limit` keys last asked for, for one that lives as long as the page and meets new keys
 * all along.
 */
export function cached<K, T>(compute: (key: K) => T, limit = Infinity): (key: K) => T {
  const answers = new Map<K, T>();
  let lastKey: K | undefined;
  return (key) => {
    if (answers.has(key)) {
      const answer = answers.get(key)!;
      if (limit !== Infinity && key !== lastKey) {
        // Last asked for: a Map keeps its keys in the order they were set.
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
