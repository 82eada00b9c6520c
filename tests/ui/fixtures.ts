import { OrganisationId, UserId } from "../../src/domain/api/ids";
import type { UserDetails } from "../../src/domain/auth/auth";

export const projectManager: UserDetails = {
  id: UserId.make(8),
  username: "project.manager",
  name: "Priya Sharma",
  email: "priya.sharma@example.com",
  phone_number: "+919800000008",
  organisation: { id: OrganisationId.make(1), name: "Retail Scan", kind: "internal" },
  roles: ["project-manager"],
  permissions: ["project-manager-dashboard-permission", "project-manager-workflow-permission"],
  considered_workflow_permission: "project-manager-workflow-permission",
};

export const qcManager: UserDetails = {
  ...projectManager,
  id: UserId.make(2),
  username: "qc.manager",
  name: "Meera Kulkarni",
  roles: ["qc-manager"],
  permissions: ["qc-manager-dashboard-permission", "qc-manager-workflow-permission"],
  considered_workflow_permission: "qc-manager-workflow-permission",
};
