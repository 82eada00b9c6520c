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

/** Managing user accounts: admin holds every permission, so this one check admits admins and project managers. */
export const MANAGE_USERS = dashboardPermission("project-manager");

/**
 * The field tools (outlet field recovery, field app dump upload; spec 002 §2.2): staff of the
 * internal organisation holding the field coordinator, field manager or project manager dashboard
 * permission (admin holds them all). The side menu, the routes and the server read this rule.
 */
export const FIELD_TOOLS_PERMISSIONS: readonly string[] = (
  ["field-coordinator", "field-manager", "project-manager"] as const
).map(dashboardPermission);

export const mayUseFieldTools = (permissions: readonly string[], organisationKind: string): boolean =>
  organisationKind === "internal" && FIELD_TOOLS_PERMISSIONS.some((p) => permissions.includes(p));

/**
 * The Machines area (the product's state charts, live actors and QA coverage): product owners
 * hold this permission, and admin holds every permission.
 */
export const MACHINES_PERMISSION = "machines-permission";

export const mayReadMachines = (permissions: readonly string[]): boolean =>
  permissions.includes(MACHINES_PERMISSION);

/**
 * Reading outlets (lists, one outlet with its PAN and bank details, answers, images, requests,
 * earnings): the dashboard and workflow permissions of the spec's reviewer roles (000 §6, 001 §6).
 * Any other permission (the Machines area) grants no outlet, and holding "some permission" never does.
 */
export const OUTLET_READ_PERMISSIONS: readonly string[] = [
  ...DASHBOARD_ROLES.map(dashboardPermission),
  ...WORKFLOW_ROLES.map(workflowPermission),
];

export const mayReadOutlets = (permissions: readonly string[]): boolean =>
  OUTLET_READ_PERMISSIONS.some((p) => permissions.includes(p));

/**
 * Permissions that act only for the internal organisation: its QC, calling, field and payout
 * teams' dashboards and workflow steps (client organisations have their own client roles and may
 * have their own project managers). A role holding one is not given to a client organisation's user.
 */
export const INTERNAL_ONLY_PERMISSIONS: ReadonlySet<string> = new Set(
  (
    [
      "qc-executive",
      "qc-manager",
      "calling-manager",
      "calling-executive",
      "field-coordinator",
      "field-manager",
      "iftu-manager",
      "iftu-executive",
    ] as const
  ).flatMap((role) => [
    `${role}-dashboard-permission`,
    ...((WORKFLOW_ROLES as readonly string[]).includes(role) ? [`${role}-workflow-permission`] : []),
  ]),
);

/** Whether a user of an organisation of this kind may hold a role with these permissions. */
export const mayHoldRole = (organisationKind: string, rolePermissions: readonly string[]): boolean =>
  organisationKind === "internal" || !rolePermissions.some((p) => INTERNAL_ONLY_PERMISSIONS.has(p));

export const roleInternalOnly = (role: string): string =>
  `The role ${role} is for the internal organisation's staff: a client organisation's user may not hold it.`;

/**
 * Identity checks (spec 001 §2.2, §7; the verification screens): internal reviewers who check KYC
 * (QC, calling, payout team and project managers). Client users read the outcome, never run a
 * provider check.
 */
export const VERIFY_IDENTITY_PERMISSIONS: readonly string[] = (
  [
    "qc-executive",
    "qc-manager",
    "calling-executive",
    "project-manager",
    "iftu-manager",
    "iftu-executive",
  ] as const
).flatMap((role) => [workflowPermission(role), dashboardPermission(role)]);

export const mayVerifyIdentity = (permissions: readonly string[], organisationKind: string): boolean =>
  organisationKind === "internal" && VERIFY_IDENTITY_PERMISSIONS.some((p) => permissions.includes(p));

/**
 * TDS and Form 16 (docs/tax.md): the payout team's figures are read by the internal organisation's
 * IFTU managers and executives and its project managers (the side menu's Payout and tax entry);
 * Form 16 statements are issued (a batch made, a file uploaded) by the managers only.
 */
export const TAX_READ_PERMISSIONS: readonly string[] = (
  ["iftu-manager", "iftu-executive", "project-manager"] as const
).map(dashboardPermission);
export const TAX_ISSUE_PERMISSIONS: readonly string[] = (["iftu-manager", "project-manager"] as const).map(
  dashboardPermission,
);

export const mayReadTax = (permissions: readonly string[], organisationKind: string): boolean =>
  organisationKind === "internal" && TAX_READ_PERMISSIONS.some((p) => permissions.includes(p));
export const mayIssueForm16 = (permissions: readonly string[], organisationKind: string): boolean =>
  organisationKind === "internal" && TAX_ISSUE_PERMISSIONS.some((p) => permissions.includes(p));

/**
 * WhatsApp delivery logs (docs/messaging.md): whoever sends Bulk WhatsApp Messages (the upload's
 * roles, calling and project managers of the internal organisation) reads what became of them.
 */
export const MESSAGE_LOG_PERMISSIONS: readonly string[] = (
  ["calling-manager", "project-manager"] as const
).map(dashboardPermission);
export const mayReadMessageLogs = (permissions: readonly string[], organisationKind: string): boolean =>
  organisationKind === "internal" && MESSAGE_LOG_PERMISSIONS.some((p) => permissions.includes(p));

/** The teams whose work a manager allocates to the team's executives (docs/allocation.md). */
export const ALLOCATION_TEAMS = ["qc", "calling", "iftu"] as const;
export type AllocationTeam = (typeof ALLOCATION_TEAMS)[number];

/**
 * Who allocates each team's work: the team's manager (dashboard permission) and project managers,
 * of the internal organisation. A client's user never sees whose desk an outlet is on.
 */
export const ALLOCATION_PERMISSIONS: Readonly<Record<AllocationTeam, readonly string[]>> = {
  qc: (["qc-manager", "project-manager"] as const).map(dashboardPermission),
  calling: (["calling-manager", "project-manager"] as const).map(dashboardPermission),
  iftu: (["iftu-manager", "project-manager"] as const).map(dashboardPermission),
};

export const isAllocationTeam = (team: string): team is AllocationTeam =>
  (ALLOCATION_TEAMS as readonly string[]).includes(team);

export const mayAllocate = (
  team: AllocationTeam,
  permissions: readonly string[],
  organisationKind: string,
): boolean =>
  organisationKind === "internal" && ALLOCATION_PERMISSIONS[team].some((p) => permissions.includes(p));
