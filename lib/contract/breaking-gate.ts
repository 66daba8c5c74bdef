/**
 * The gate against unannounced breaking changes: the current contract
 * against the latest release. A breaking change passes only when it was
 * announced: the operation or field it removes or changes was deprecated in
 * that release with a sunset date that has passed, or the contract's major
 * version is above the release's.
 */
import {SUNSET_EXTENSION, type OpenApiNode} from '../openapi';
import {diffContracts, nodeAt, type ContractChange} from './diff';
import {parseVersion} from './releases';

/** The deprecated node (operation, parameter or field) on the change's path in the released document whose sunset has passed, if any. */
function passedSunset(released: OpenApiNode, change: ContractChange, today: string): string | undefined {
  for (let length = change.pointer.length; length >= 3; length--) {
    const node = nodeAt(released, change.pointer.slice(0, length)) as OpenApiNode | undefined;
    const sunset = node && typeof node === 'object' ? node[SUNSET_EXTENSION] : undefined;
    if (node?.deprecated === true && typeof sunset === 'string' && sunset <= today) return sunset;
  }
  return undefined;
}

export interface GateResult {
  /** Breaking changes that were not announced: each fails the gate. */
  unannounced: ContractChange[];
  /** Breaking changes that were announced, with why they pass. */
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
