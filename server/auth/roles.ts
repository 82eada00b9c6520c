/**
 * Which permissions each role holds and the workflow permission a user of the role works under:
 * the product's rules (spec 000 §6), used by the demo data and by anything that creates users.
 */
import {
  DASHBOARD_ROLES,
  type DashboardRole,
  dashboardPermission,
  MACHINES_PERMISSION,
  WORKFLOW_ROLES,
  type WorkflowRole,
  workflowPermission,
} from "../../src/domain/shared/permissions";

export const ADMIN_ROLE = "admin";
/** Reads the product's state charts and QA coverage (the Machines area), nothing else. */
export const PRODUCT_OWNER_ROLE = "product-owner";

export function allPermissions(): string[] {
  return [
    ...DASHBOARD_ROLES.map(dashboardPermission),
    ...WORKFLOW_ROLES.map(workflowPermission),
    MACHINES_PERMISSION,
  ];
}

/** The permissions a role holds: its dashboard and workflow permissions where the spec names them. */
export function rolePermissions(role: string): string[] {
  if (role === ADMIN_ROLE) return allPermissions();
  if (role === PRODUCT_OWNER_ROLE) return [MACHINES_PERMISSION];
  const perms: string[] = [];
  if ((DASHBOARD_ROLES as readonly string[]).includes(role))
    perms.push(dashboardPermission(role as DashboardRole));
  if ((WORKFLOW_ROLES as readonly string[]).includes(role))
    perms.push(workflowPermission(role as WorkflowRole));
  return perms;
}

/** The workflow permission a user works under; calling managers have none in the spec. */
export function consideredWorkflowPermission(role: string): string | null {
  if (role === ADMIN_ROLE) return workflowPermission("project-manager");
  return (WORKFLOW_ROLES as readonly string[]).includes(role)
    ? workflowPermission(role as WorkflowRole)
    : null;
}
