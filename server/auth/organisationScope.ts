/**
 * Internal staff serve every client organisation; a client user sees only its own. This is the one
 * place that decides it, from the organisation of the user's row (read with the session on every
 * request), so every endpoint scopes by the same rule. The kind it reads is written only by internal
 * administrators, and never for their own organisation (src/domain/admin/resourceRights.ts).
 */
import type { AdminCaller } from "../../src/domain/admin/resourceRights";
import type { UserRow } from "./users";

type Member = Pick<UserRow, "organisation_kind" | "organisation_id">;

export const isInternal = (user: Pick<UserRow, "organisation_kind">): boolean =>
  user.organisation_kind === "internal";

/** May the user see and act on things of this organisation? */
export const maySeeOrganisation = (user: Member, organisationId: number): boolean =>
  isInternal(user) || user.organisation_id === organisationId;

/** The user as the administration rules see them. */
export const adminCaller = (user: Member): AdminCaller => ({
  internal: isInternal(user),
  organisationId: user.organisation_id,
});
