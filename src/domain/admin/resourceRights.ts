/**
 * Who may write which administered records (docs/security.md). Records every organisation shares
 * (organisations and their kind, roles and their permissions, states, cities, sub-projects and
 * programs) decide what everyone sees and may do, so only the internal organisation's
 * administrators write them; a client organisation's administrators write only their own
 * organisation's records. The server applies these on every admin write path.
 */
import type { ResourceDefinition } from "./resource";

/** The caller of an administrative write, as the rules need it. */
export type AdminCaller = { readonly internal: boolean; readonly organisationId: number };

/** Whether the caller may write the resource's records at all (the permission is checked apart). */
export const mayWriteShared = (def: ResourceDefinition, caller: AdminCaller): boolean =>
  caller.internal || def.scope === "organisation";

/** Whether the caller's organisation may see the resource's records at all (the permission is checked apart). */
export const mayReadResource = (def: ResourceDefinition, caller: { readonly internal: boolean }): boolean =>
  caller.internal || def.internalOnly !== true;

export const sharedRecordsRefused = (def: ResourceDefinition): string =>
  `Only the internal organisation's administrators may change ${def.plural.toLowerCase()}: every organisation shares them.`;

/**
 * An organisation's kind decides whether its users see every organisation, so nobody changes the
 * kind of their own (an internal administrator would lock the internal organisation out).
 */
export const changesOwnKind = (
  caller: AdminCaller,
  organisationId: number,
  before: string,
  after: unknown,
): boolean => organisationId === caller.organisationId && after !== before;

export const OWN_KIND_FIXED = "Nobody may change the kind of their own organisation.";

/** Field auditors and retailers sign in only with a code sent to their mobile: no password, from anyone. */
export const CODE_SIGN_IN_TAKES_NO_PASSWORD =
  "This account signs in with a one-time code sent to its mobile number, so it takes no password.";

/** A list or options parameter the resource does not know. */
export const unknownListParameter = (name: string): string => `"${name}" is not a parameter of this list.`;
