/** The admin screens' reads through react-query: the page's organisation, and options for selects. */
import { useQuery } from "@tanstack/react-query";
import type { ResourceRecord } from "../../domain/resource";
import { readResource, resourceOptions } from "../../infra/api/resources";
import { runApi } from "../../infra/http";

export type OrganisationState = { loading: boolean; failed: boolean; record: ResourceRecord | null };

/** The organisation a page under an organisation's view belongs to, read once per slug. */
export function useOrganisation(slug: string | null): OrganisationState {
  const query = useQuery({
    queryKey: ["admin", "organisations", slug],
    queryFn: () => runApi(readResource("organisations", slug!)),
    enabled: slug !== null,
    staleTime: 60_000,
  });
  if (slug === null) return { loading: false, failed: false, record: null };
  return { loading: query.isPending, failed: query.isError, record: query.data ?? null };
}

/** Options of a resource for a select, narrowed to an organisation when it is scoped. */
export function useOptionsQuery(resource: string, organisation: number | null, enabled = true) {
  return useQuery({
    queryKey: ["admin", resource, "options", organisation],
    queryFn: () =>
      runApi(resourceOptions(resource, organisation ? { organisation: String(organisation) } : {})),
    enabled,
    staleTime: 30_000,
  });
}
