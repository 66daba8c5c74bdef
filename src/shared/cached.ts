/** A function that works out its answer for each key once, and then gives the same answer again. */
export function cached<K, T>(compute: (key: K) => T): (key: K) => T {
  const answers = new Map<K, T>();
  return (key) => {
    if (!answers.has(key)) answers.set(key, compute(key));
    return answers.get(key)!;
  };
}
