/** Permission names from spec 000 §6 / 002 §6. */

export const WORKFLOW_ROLES = [
  "qc-executive",
  "qc-manager",
  "calling-executive",
  "client-manager-view",
  "client-manager",
  "field-coordinator",
  "project-manager",
  "iftu-manager",
  "iftu-executive",
  "field-manager",
] as const;
export type WorkflowRole = (typeof WORKFLOW_ROLES)[number];

export const DASHBOARD_ROLES = [
  "qc-executive",
  "qc-manager",
  "calling-manager",
  "calling-executive",
  "client-manager",
  "field-coordinator",
  "project-manager",
  "iftu-manager",
  "iftu-executive",
  "field-manager",
] as const;
export type DashboardRole = (typeof DASHBOARD_ROLES)[number];

export const workflowPermission = (role: WorkflowRole): string => `${role}-workflow-permission`;
export const dashboardPermission = (role: DashboardRole): string => `${role}-dashboard-permission`;
