/**
 * The kinds of objects the sandbox keeps, and the operations that read and
 * change each the same way (list, retrieve, create, update, delete). Scans
 * and findings have behaviour of their own (./scans.ts, ./findings.ts) and
 * are listed here for their reads and their seed.
 */
export interface Resource {
  kind: string;
  /** The path parameter that names one object of the kind. */
  idParam: string;
  /** The path parameter of the object it belongs to, for kinds kept under another object. */
  parentParam?: string;
  /** The kind of that object; targets unless said. */
  parentKind?: string;
  list: string[];
  retrieve: string[];
  /** The operation whose example is a whole object of the kind: the seed and new objects start from it. */
  template: string;
  /** Fields a new object has in place of the template's, which tell of its past. */
  startsWith?: Record<string, unknown>;
  create?: string;
  update?: string[];
  destroy?: string;
}

export const RESOURCES: Resource[] = [
  {
    kind: 'targets',
    idParam: 'target_id',
    list: ['targets_list'],
    retrieve: ['targets_retrieve'],
    template: 'targets_retrieve',
    create: 'targets_create',
    update: ['targets_update', 'targets_partial_update'],
    destroy: 'targets_destroy',
  },
  {
    kind: 'scans',
    idParam: 'scan_id',
    parentParam: 'target_id',
    list: ['scans_list', 'targets_scans_list'],
    retrieve: ['scans_retrieve', 'targets_scans_retrieve'],
    template: 'targets_scans_retrieve',
  },
  {
    kind: 'findings',
    idParam: 'finding_id',
    parentParam: 'target_id',
    list: ['findings_list', 'targets_findings_list'],
    retrieve: ['findings_retrieve', 'targets_findings_retrieve'],
    template: 'targets_findings_retrieve',
  },
  {
    kind: 'scheduled_scans',
    idParam: 'scheduled_scan_id',
    parentParam: 'target_id',
    list: ['scheduled_scans_list', 'targets_scheduled_scans_list'],
    retrieve: ['targets_scheduled_scans_retrieve'],
    template: 'targets_scheduled_scans_retrieve',
    // A new schedule has started no scan yet.
    startsWith: {last_scan_id: null},
    create: 'targets_scheduled_scans_create',
    update: ['targets_scheduled_scans_update', 'targets_scheduled_scans_partial_update'],
    destroy: 'targets_scheduled_scans_destroy',
  },
  {
    kind: 'domains',
    idParam: 'domain_id',
    list: ['domains_list'],
    retrieve: ['domains_retrieve'],
    template: 'domains_retrieve',
    create: 'domains_create',
    update: ['domains_update', 'domains_partial_update'],
    destroy: 'domains_destroy',
  },
  {
    kind: 'teams',
    idParam: 'team_id',
    list: ['teams_list'],
    retrieve: ['teams_retrieve'],
    template: 'teams_retrieve',
    create: 'teams_create',
    update: ['teams_update', 'teams_partial_update'],
    destroy: 'teams_destroy',
  },
  {
    kind: 'api_users',
    idParam: 'api_user_id',
    list: ['api_users_list'],
    retrieve: ['api_users_retrieve'],
    template: 'api_users_retrieve',
    create: 'api_users_create',
    update: ['api_users_update', 'api_users_partial_update'],
    destroy: 'api_users_destroy',
  },
  {
    kind: 'roles',
    idParam: 'role_id',
    list: ['roles_list'],
    retrieve: ['roles_retrieve'],
    template: 'roles_retrieve',
    create: 'roles_create',
    update: ['roles_update', 'roles_partial_update'],
    destroy: 'roles_destroy',
  },
  {
    kind: 'api_user_roles',
    idParam: 'api_user_role_id',
    list: ['api_user_roles_list'],
    retrieve: ['api_user_roles_retrieve'],
    template: 'api_user_roles_retrieve',
    create: 'api_user_roles_create',
    update: ['api_user_roles_update', 'api_user_roles_partial_update'],
    destroy: 'api_user_roles_destroy',
  },
  {
    kind: 'webhooks',
    idParam: 'webhook_id',
    list: ['webhooks_list'],
    retrieve: ['webhooks_retrieve'],
    template: 'webhooks_retrieve',
    create: 'webhooks_create',
    update: ['webhooks_update', 'webhooks_partial_update'],
    destroy: 'webhooks_destroy',
  },
  {
    kind: 'webhook_deliveries',
    idParam: 'delivery_id',
    parentParam: 'webhook_id',
    parentKind: 'webhooks',
    list: ['webhooks_deliveries_list'],
    retrieve: [],
    template: 'webhooks_test',
  },
  {
    kind: 'reports',
    idParam: 'report_id',
    list: ['reports_list'],
    retrieve: ['reports_retrieve'],
    template: 'reports_retrieve',
    create: 'reports_create',
    destroy: 'reports_destroy',
  },
];
