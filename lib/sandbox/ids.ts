/** Ids of the objects the sandbox makes: fresh UUIDs for what a reader creates, stable ones derived from a name for the seed's extra objects. */
import {createHash, randomUUID} from 'node:crypto';

export const freshId = (): string => randomUUID();

/** A version-4-shaped UUID that is the same for the same name, so every account's seed has the same ids. */
export function stableId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
