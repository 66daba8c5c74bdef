/**
 * A target's settings, one of each kind per target: how the scanner logs in
 * (form, API, basic auth) and its crawl scope. A PUT replaces the setting, and
 * the answer shows what the contract's read model has of the body, so a
 * password or token sent is kept from every answer as the API keeps it.
 */
import type {Json} from './account-store';

export interface TargetSetting {
  /** The kind the store keeps it under, one object per target, with the target's id. */
  kind: string;
  retrieve: string;
  update: string;
  destroy?: string;
  /** What a target that never had the setting answers; none: 404, as for a target without a login. */
  unset?: Json;
}

export const TARGET_SETTINGS: TargetSetting[] = [
  {kind: 'form_login', retrieve: 'targets_form_login_retrieve', update: 'targets_form_login_update', destroy: 'targets_form_login_destroy'},
  {kind: 'api_login', retrieve: 'targets_api_login_retrieve', update: 'targets_api_login_update', destroy: 'targets_api_login_destroy'},
  {kind: 'basic_auth', retrieve: 'targets_basic_auth_retrieve', update: 'targets_basic_auth_update', destroy: 'targets_basic_auth_destroy'},
  {kind: 'crawl_scope', retrieve: 'targets_crawl_scope_retrieve', update: 'targets_crawl_scope_update', unset: {include_paths: [], exclude_paths: []}},
];

/** The setting a PUT body makes: the read model's fields of the body, and when it changed. */
export function settingFromBody(readFields: string[], body: Json, nowMs: number): Json {
  const setting: Json = Object.fromEntries(readFields.filter((field) => field in body).map((field) => [field, body[field]]));
  return {...setting, updated_at: new Date(nowMs).toISOString()};
}
