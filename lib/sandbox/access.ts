/**
 * Who a request acts as, and whether it may: any key the sandbox did not
 * issue is its account's owner, who may do everything; a key issued through
 * the API (an API user's, created or rotated) acts as that API user, held to
 * its policy (active, unexpired, `read_only`) and to the permissions of the
 * roles assigned to it, as the operations' `x-required-permission` names them,
 * to the addresses its policy accepts,
 * and to its teams: a target of another team is refused (`team_scope`), and
 * lists show only its teams' targets and what belongs to them.
 */
import {createHash, randomBytes} from 'node:crypto';
import type {ContractOperation} from '../contract/operations';
import type {AccountStore, Json} from './account-store';
import {addressAllowed} from './client-address';
import {SandboxError} from './errors';

export interface Principal {
  account: string;
  /** The API user a key issued through the API acts as; undefined for an account's owner. */
  apiUserId?: string;
}

export const keyHash = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A key in the API's format, a JSON Web Token, naming its API user; its signature is random. */
export function newApiKey(apiUserId: string): {key: string; prefix: string} {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signature = randomBytes(32).toString('base64url');
  return {
    key: `${part({alg: 'HS256', typ: 'JWT'})}.${part({sub: apiUserId, jti: randomBytes(8).toString('hex')})}.${signature}`,
    prefix: signature.slice(0, 8),
  };
}

export const DEFAULT_POLICY: Json = {allowed_ip_ranges: [], key_expires_at: null, read_only: false};

const invalidKey = () => new SandboxError(401, 'api_key_invalid', 'Invalid API key.');

/** The principal of a key value: its own account's owner, or the API user it was issued to; a rotated key is refused. */
export async function principalOf(accounts: AccountStore, key: string): Promise<Principal> {
  const hash = keyHash(key);
  const issued = await accounts.issuedKey(hash);
  if (issued?.revoked) throw invalidKey();
  return issued ? {account: issued.account, apiUserId: issued.apiUserId} : {account: hash};
}

/**
 * Refuses what the principal may not do: 401 for an inactive or expired API
 * user's key, 403 `read_only`, `permission_denied` or `team_scope`. Gives the
 * teams an API user is limited to; undefined for an owner, who sees all.
 */
export async function checkAccess(
  accounts: AccountStore,
  principal: Principal,
  operation: ContractOperation,
  params: Record<string, string>,
  nowMs: number,
  address: string,
): Promise<string[] | undefined> {
  const {account, apiUserId} = principal;
  if (apiUserId === undefined) return undefined;
  const user = await accounts.get(account, 'api_users', apiUserId);
  if (!user || user.body.is_active === false) throw invalidKey();
  const policy = (await accounts.get(account, 'api_user_policies', apiUserId))?.body ?? DEFAULT_POLICY;
  if (policy.key_expires_at && Date.parse(String(policy.key_expires_at)) <= nowMs) throw invalidKey();
  if (!addressAllowed(address, (policy.allowed_ip_ranges as string[] | undefined) ?? [])) {
    throw new SandboxError(403, 'ip_not_allowed', `This API user's policy does not accept requests from ${address}.`);
  }
  if (policy.read_only && operation.method !== 'GET') {
    throw new SandboxError(403, 'read_only', "This API user's policy allows reading only.");
  }
  const teams = ((user.body.teams as Json[] | undefined) ?? []).map((team) => String(team.id));
  const target = params.target_id === undefined ? undefined : await accounts.get(account, 'targets', params.target_id);
  if (target && !teams.includes(String((target.body.team as Json | null)?.id))) {
    throw new SandboxError(403, 'team_scope', 'The target belongs to a team this key has no access to.');
  }
  const needed = operation.requiredPermission;
  if (!needed) return teams;
  const roleIds = (await accounts.list(account, 'api_user_roles'))
    .filter((assignment) => (assignment.body.api_user as Json | undefined)?.id === apiUserId)
    .map((assignment) => String((assignment.body.role as Json).id));
  const roles = await Promise.all(roleIds.map((id) => accounts.get(account, 'roles', id)));
  const granted = new Set(roles.flatMap((role) => (role?.body.permissions as string[] | undefined) ?? []));
  if (!granted.has(needed)) throw new SandboxError(403, 'permission_denied', `Your roles lack the permission this operation requires: ${needed}.`);
  return teams;
}
