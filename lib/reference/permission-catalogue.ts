/**
 * Every permission codename (the PermissionCodename enum), the operations it
 * allows and the built-in roles holding it, on one page each operation page links
 * to.
 */
import {operationsOf, type OpenApiNode} from '../openapi';
import {referencePath} from '../contract/operations';

export const PERMISSION_CATALOGUE_PATH = '/api/reference/required-permissions';

export interface BuiltInRole {
  name: string;
  description: string;
  permissions: string[];
}

/** Heading ids keep to letters, digits and hyphens. */
export const permissionAnchor = (codename: string): string => codename.replace(/[^a-z0-9]+/gi, '-');

export const requiredPermissionLine = (codename: string): string =>
  `Required permission: [\`${codename}\`](${PERMISSION_CATALOGUE_PATH}#${permissionAnchor(codename)})`;

export function permissionCataloguePage(document: OpenApiNode): string {
  const catalogue = document.components?.schemas?.PermissionCodename;
  if (!Array.isArray(catalogue?.enum)) throw new Error('The contract has no PermissionCodename enum: the permission catalogue cannot be written');
  const roles: BuiltInRole[] = catalogue['x-built-in-roles'] ?? [];
  const operations = operationsOf(document);
  const sections = (catalogue.enum as string[]).map((codename) => {
    const allowed = operations.filter(({operation}) => operation['x-required-permission'] === codename);
    const holders = roles.filter((role) => role.permissions.includes(codename)).map((role) => role.name);
    return [
      `## \`${codename}\` {#${permissionAnchor(codename)}}`,
      catalogue['x-enum-descriptions']?.[codename] ?? '',
      `Held by the built-in roles: ${holders.length ? holders.join(', ') : 'none'}.`,
      `Allows ${allowed.length} ${allowed.length === 1 ? 'operation' : 'operations'}:`,
      allowed
        .map(
          ({path, method, operation}) =>
            `- [${operation.summary ?? operation.operationId}](${referencePath(operation.operationId)}): \`${method.toUpperCase()} ${path}\``,
        )
        .join('\n'),
    ]
      .filter(Boolean)
      .join('\n\n');
  });
  const roleRows = roles.map((role) => `| ${role.name} | ${role.description.replaceAll('|', '\\|')} |`);
  const frontMatter = [
    '---',
    'title: Required permissions',
    'description: Every permission codename of the API, the operations it allows and the built-in roles that hold it.',
    'sidebar_label: Required permissions',
    'custom_edit_url: null',
    '---',
  ].join('\n');
  return `${[
    frontMatter,
    "Every operation of the API requires one permission, named by its codename on the operation's page. A key acts with the permissions of the roles its user or API user is assigned. A request without the permission returns `403 Forbidden` with the error code `permission_denied`, whose `detail` names the permission. Roles are sets of codenames; create your own with the [roles](/api/reference/roles-create) operations, or assign one of the built-in roles:",
    `| Role | What it is for |\n| --- | --- |\n${roleRows.join('\n')}`,
    ...sections,
  ].join('\n\n')}\n`;
}
