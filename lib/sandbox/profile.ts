/**
 * Who a key belongs to and what it may do (`profile_retrieve`,
 * `profile_permissions_list`), from the account's state: an API user's key
 * is its API user, with the permissions of the roles assigned to it, per
 * team or account-wide; any other key is the account's owner, the person of
 * the contract's profile example, with that example's permissions.
 */
import type {AccountStore, Json} from './account-store';
import type {SandboxOperations} from './operations';

/** The profile of an API user, from its stored object: the fields that apply only to people are `null`. */
export function apiUserProfile(user: Json, currentTermsVersion: unknown): Json {
  return {
    id: user.id,
    type: 'api_user',
    name: user.name,
    email: null,
    first_name: null,
    last_name: null,
    time_zone: null,
    teams: user.teams ?? [],
    mfa_enabled: null,
    terms_accepted: null,
    current_terms_version: currentTermsVersion,
    last_login_at: null,
    created_at: user.created_at,
  };
}

/**
 * The permissions an API user's role assignments grant, ordered by codename: each with its short name (the contract's
 * example of that permission), account-wide when an assignment has no team, else the teams of its assignments.
 */
export async function apiUserPermissions(accounts: AccountStore, account: string, apiUserId: string, names: Map<string, unknown>): Promise<Json[]> {
  const granted = new Map<string, {accountWide: boolean; teams: Map<string, Json>}>();
  const assignments = (await accounts.list(account, 'api_user_roles')).filter((each) => (each.body.api_user as Json | undefined)?.id === apiUserId);
  for (const assignment of assignments) {
    const role = await accounts.get(account, 'roles', String((assignment.body.role as Json).id));
    const team = assignment.body.team as Json | null;
    for (const codename of (role?.body.permissions as string[] | undefined) ?? []) {
      const entry = granted.get(codename) ?? {accountWide: false, teams: new Map<string, Json>()};
      if (team) entry.teams.set(String(team.id), {id: team.id, name: team.name});
      else entry.accountWide = true;
      granted.set(codename, entry);
    }
  }
  return [...granted.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([codename, {accountWide, teams}]) => ({
      codename,
      name: names.get(codename) ?? codename,
      account_wide: accountWide,
      teams: accountWide ? [] : [...teams.values()],
    }));
}

/** Each permission's short name, from the contract's examples of the permission catalogue (one per codename). */
export function permissionNames(operations: SandboxOperations): Map<string, unknown> {
  return new Map(operations.examples('permissions_retrieve', '200').map((permission) => [String(permission.codename), permission.name]));
}
