import type {ShardStart} from './index-file';

/**
 * Shards of about `limit` characters of JSON, each starting only where `mayStart` allows.
 */
export function shardsOf<T>(
  items: T[],
  limit: number,
  mayStart: (at: number) => boolean,
  name: (shard: number, content: string) => string,
  files: Map<string, string>,
): ShardStart[] {
  const starts: ShardStart[] = [];
  let first = 0;
  let size = 0;
  const close = (end: number) => {
    const content = JSON.stringify(items.slice(first, end));
    const file = name(starts.length, content);
    files.set(file, content);
    starts.push({file, first});
    [first, size] = [end, 0];
  };
  items.forEach((item, at) => {
    if (size >= limit && mayStart(at)) close(at);
    size += JSON.stringify(item).length;
  });
  close(items.length);
  return starts;
}

export function shardAt(starts: ShardStart[], position: number): number {
  let shard = starts.length - 1;
  while (starts[shard].first > position) shard--;
  return shard;
}
