/**
 * A breaking change against the latest release passes only when announced: what it
 * removes or changes was deprecated in that release with a sunset that has passed,
 * or the major version went up.
 */
import {SUNSET_EXTENSION, type OpenApiNode} from '../openapi';
import {diffContracts, nodeAt, type ContractChange} from './diff';
import {parseVersion} from './releases';

function passedSunset(released: OpenApiNode, change: ContractChange, today: string): string | undefined {
  for (let length = change.pointer.length; length >= 3; length--) {
    const node = nodeAt(released, change.pointer.slice(0, length)) as OpenApiNode | undefined;
    const sunset = node && typeof node === 'object' ? node[SUNSET_EXTENSION] : undefined;
    if (node?.deprecated === true && typeof sunset === 'string' && sunset <= today) return sunset;
  }
  return undefined;
}

export interface GateResult {
  unannounced: ContractChange[];
  announced: {change: ContractChange; reason: string}[];
  changes: ContractChange[];
}

export function checkBreaking(released: OpenApiNode, current: OpenApiNode, today = new Date().toISOString().slice(0, 10)): GateResult {
  const changes = diffContracts(released, current);
  const majorRaised = parseVersion(String(current.info?.version))[0] > parseVersion(String(released.info?.version))[0];
  const result: GateResult = {unannounced: [], announced: [], changes};
  for (const change of changes.filter((change) => change.kind === 'breaking')) {
    const sunset = passedSunset(released, change, today);
    if (majorRaised) result.announced.push({change, reason: `major version raised to ${current.info.version}`});
    else if (sunset) result.announced.push({change, reason: `deprecated with sunset ${sunset}, passed`});
    else result.unannounced.push(change);
  }
  return result;
}
