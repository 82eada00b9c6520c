/** Roles with their permissions, users with their roles, and the permissions themselves (000 §6). */

import { twoStepNeedsPhone } from "../../auth/twoStepSignIn";
import { organisationField, type ResourceDefinition, references, secret, text, toggle } from "../resource";
import { ADMINISTER, ORG_VIEW } from "./organisations";

/** Permissions are named by the product (permissions.ts); they are listed and chosen, not edited. */
export const permissions: ResourceDefinition = {
  name: "permissions",
  noun: "Permission",
  plural: "Permissions",
  table: "permissions",
  fields: { name: text("Name", { max: 150, unique: true }) },
  titleField: "name",
  addressBy: "name",
  scope: "global",
  columns: ["name"],
  searchKeys: ["name"],
  orderKeys: ["name"],
  filters: [],
  read: ADMINISTER,
  write: ADMINISTER,
  routes: {},
  writable: false,
};

export const roles: ResourceDefinition = {
  name: "roles",
  noun: "Role",
  plural: "Roles",
  table: "roles",
  fields: {
    name: text("Name", {
      max: 80,
      unique: true,
      pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
      patternMessage: "Use lower-case letters, digits and single dashes, such as store-auditor.",
    }),
    display_name: text("Display name", { max: 120 }),
    permissions: references(
      "Permissions",
      "permissions",
      { table: "role_permissions", own: "role_id", other: "permission_id" },
      { grant: "heldPermissions" },
    ),
  },
  titleField: "display_name",
  addressBy: "name",
  scope: "global",
  columns: ["display_name", "name", "permissions"],
  searchKeys: ["name", "display_name"],
  orderKeys: ["name", "display_name"],
  filters: [],
  read: ADMINISTER,
  write: ADMINISTER,
  routes: {
    list: `${ORG_VIEW}/roles-list`,
    create: `${ORG_VIEW}/role-creation`,
    update: `${ORG_VIEW}/role-update/:slug_name`,
    view: `${ORG_VIEW}/view-role/:slug_name`,
  },
  usedBy: [{ table: "user_roles", column: "role_id", label: "users" }],
};

export const users: ResourceDefinition = {
  name: "users",
  noun: "User",
  plural: "Users",
  table: "users",
  fields: {
    organisation: organisationField({ fromParent: true }),
    username: text("User name", {
      max: 150,
      unique: true,
      pattern: /^[A-Za-z0-9._@+-]+$/,
      patternMessage: "Use letters, digits and . _ @ + - only.",
    }),
    name: text("Name", { max: 150 }),
    email: text("Email", {
      max: 254,
      required: false,
      pattern: /^$|^[^@\s]+@[^@\s]+\.[^@\s]+$/,
      patternMessage: "Enter a valid email address.",
    }),
    phone_number: text("Phone number", {
      max: 13,
      required: false,
      pattern: /^$|^\+91\d{10}$|^\d{10}$/,
      patternMessage: "Enter 10 digits, optionally after +91.",
    }),
    roles: references(
      "Roles",
      "roles",
      { table: "user_roles", own: "user_id", other: "role_id" },
      { grant: "grantableRoles" },
    ),
    password: secret("Password", { column: "password_hash", setAtColumn: "password_changed_at" }),
    is_active: toggle("Active", { initial: true }),
    // The staff two-step sign-in (docs/auth.md): written only by those who manage users.
    two_step_sign_in: toggle("Two-step sign-in", { initial: false }),
  },
  crossCheck: twoStepNeedsPhone,
  titleField: "username",
  addressBy: "username",
  scope: "organisation",
  columns: ["username", "name", "email", "roles", "is_active"],
  searchKeys: ["username", "name", "email"],
  // lower(username || ' ' || name || ' ' || coalesce(email, '')), migration 0032.
  searchColumn: "search_text",
  orderKeys: ["username", "name"],
  filters: ["roles", "is_active"],
  read: ADMINISTER,
  write: ADMINISTER,
  routes: {
    list: `${ORG_VIEW}/user-list`,
    create: `${ORG_VIEW}/user-creation`,
    update: `${ORG_VIEW}/user-update/:user_name`,
    view: `${ORG_VIEW}/view-user/:user_name`,
  },
  // A retailer's or field auditor's account signs in for its outlets: deleting it would leave
  // outlets whose owner or auditor can no longer sign in.
  usedBy: [
    {
      table: "outlets",
      column: "id",
      label: "outlets as their retailer",
      through: { table: "retailers", own: "user_id", other: "outlet_id" },
    },
    {
      table: "outlets",
      column: "auditor_id",
      label: "outlets as their field auditor",
      through: { table: "field_auditors", own: "user_id", other: "id" },
    },
  ],
  related: [
    { label: "User bulk upload", path: `${ORG_VIEW}/user-list/bulk-upload` },
    { label: "User bulk update", path: `${ORG_VIEW}/user-list/bulk-update` },
  ],
};

/**
 * The profile's password change: a form checked like a resource's, stored by POST
 * /api/auth/password/change/ (a new password ends every session of the user).
 */
export const passwordChange: ResourceDefinition = {
  ...users,
  name: "password-change",
  noun: "Password",
  plural: "Passwords",
  fields: {
    old_password: secret("Current password"),
    new_password: secret("New password"),
    confirm_password: secret("Confirm new password"),
  },
  titleField: "old_password",
  columns: [],
  filters: [],
  routes: {},
  writable: false,
};
