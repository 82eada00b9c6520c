/** The admin screens' reads through react-query: the page's organisation, and options for selects. */
import { useQuery } from "@tanstack/react-query";
import type { ResourceRecord } from "../../domain/admin/resource";
import { readResource, resourceOptions } from "../../infra/api/resources";
import { runApi } from "../../infra/http";

/** The record a page is under, by the field that refers to it and its row id. */
/** The record a page is under, and the organisation that record belongs to, when it belongs to one. */
export type PageParent = {
  readonly field: string;
  readonly id: number;
  readonly organisation: number | null;
} | null;

/**
 * The organisation a page's scoped choices are narrowed to: the one it is under, directly (an
 * organisation's pages) or through its parents (a sub-project's, through its project).
 */
export const organisationOf = (parent: PageParent): number | null => parent?.organisation ?? null;

export type ParentState = { loading: boolean; failed: boolean; record: ResourceRecord | null };

/** The record a page is under (an organisation, a sub-project's project), read once per address. */
export function useParentRecord(resource: string | null, slug: string | null): ParentState {
  const query = useQuery({
    queryKey: ["admin", resource, slug],
    queryFn: () => runApi(readResource(resource!, slug!)),
    enabled: resource !== null && slug !== null,
    staleTime: 60_000,
  });
  if (resource === null || slug === null) return { loading: false, failed: false, record: null };
  return { loading: query.isPending, failed: query.isError, record: query.data ?? null };
}

/**
 * Options of a resource for a select, narrowed to an organisation when it is scoped, and to the
 * records under one parent (a sub-project's questions) when `under` names it.
 */
export function useOptionsQuery(
  resource: string,
  organisation: number | null,
  enabled = true,
  under: { readonly field: string; readonly id: number } | null = null,
) {
  const filters = {
    ...(organisation ? { organisation: String(organisation) } : {}),
    ...(under ? { [under.field]: String(under.id) } : {}),
  };
  return useQuery({
    queryKey: under
      ? ["admin", resource, "options", organisation, under.field, under.id]
      : ["admin", resource, "options", organisation],
    queryFn: () => runApi(resourceOptions(resource, filters)),
    enabled,
    staleTime: 30_000,
  });
}
