/**
 * Every administered resource, and which catalogue route shows which screen of which resource.
 * Adding an entity is adding its definition to RESOURCES (docs/admin.md).
 */

import { pathFor, type RouteMatch, routeParams } from "../shared/routePatterns";
import { NEW_RECORD, type ResourceDefinition } from "./resource";
import { passwordChange, permissions, roles, users } from "./resources/access";
import {
  brands,
  categories,
  invoiceDetails,
  invoiceHeaders,
  invoiceTemplates,
  manufacturers,
  productFamilies,
  skus,
  subCategories,
  variants,
} from "./resources/catalogue";
import { cities, cityMerge, MERGE_CITIES_PATH, states } from "./resources/geography";
import {
  catalogueSkus,
  projectInvoiceHeaders,
  projectInvoiceTemplates,
  skuTemplateFields,
  subProjectSkus,
} from "./resources/invoiceSetup";
import {
  gstDetails,
  ORG_VIEW,
  offers,
  organisations,
  regions,
  territories,
  zones,
} from "./resources/organisations";
import { panels, programs, projects, subProjects } from "./resources/projects";
import { questionReferenceImages, questions, skuQuestions } from "./resources/questions";
import {
  calculatedParameters,
  scoringBenchmarks,
  scoringParameterGroups,
  scoringParameters,
  scoringQuestions,
} from "./resources/scoring";
import { spocs } from "./resources/spocs";

export const RESOURCES: readonly ResourceDefinition[] = [
  organisations,
  regions,
  zones,
  territories,
  gstDetails,
  offers,
  permissions,
  roles,
  users,
  states,
  cities,
  productFamilies,
  categories,
  subCategories,
  manufacturers,
  brands,
  variants,
  skus,
  invoiceHeaders,
  invoiceDetails,
  invoiceTemplates,
  projects,
  subProjects,
  programs,
  spocs,
  panels,
  questions,
  skuQuestions,
  skuTemplateFields,
  subProjectSkus,
  catalogueSkus,
  projectInvoiceHeaders,
  projectInvoiceTemplates,
  scoringParameterGroups,
  scoringQuestions,
  scoringParameters,
  calculatedParameters,
  scoringBenchmarks,
];

/** Forms that check their values like a resource's but store nothing of their own. */
export const FORMS: readonly ResourceDefinition[] = [cityMerge, passwordChange, questionReferenceImages];

const byName = new Map([...RESOURCES, ...FORMS].map((r) => [r.name, r]));

export function resourceNamed(name: string): ResourceDefinition {
  const def = byName.get(name);
  if (!def) throw new Error(`no resource ${name}`);
  return def;
}

export type ScreenKind = "list" | "create" | "update" | "view";

export type ResourceScreen = {
  readonly pattern: string;
  readonly resource: string;
  readonly kind: ScreenKind;
};

/** Every catalogue route a resource screen serves, from the definitions. */
export const RESOURCE_SCREENS: readonly ResourceScreen[] = RESOURCES.flatMap((def) =>
  (["list", "create", "update", "view"] as const).flatMap((kind) => {
    const pattern = def.routes[kind];
    return pattern ? [{ pattern, resource: def.name, kind }] : [];
  }),
);

/** Merging two cities is its own screen over the cities resource. */
export const CITY_MERGE_PATH = MERGE_CITIES_PATH;

/** Resources whose rows refer to this one, with the field that does (for "used by" counts). */
export function referringFields(def: ResourceDefinition): { resource: ResourceDefinition; field: string }[] {
  return RESOURCES.flatMap((other) =>
    Object.entries(other.fields)
      .filter(([, f]) => f.references === def.name && f.widget === "reference")
      .map(([field]) => ({ resource: other, field })),
  );
}

/**
 * The record a resource's page is under: an organisation on an organisation's pages, or the
 * definition's own parent (a sub-project's project); the field it fills and the route parameter.
 */
export type ParentLink = { readonly field: string; readonly resource: string; readonly param: string };

export function parentLink(def: ResourceDefinition, pattern: string): ParentLink | null {
  if (def.name !== "organisations" && pattern.startsWith(`${ORG_VIEW}/`))
    return { field: "organisation", resource: "organisations", param: "slug" };
  if (!def.parent || !routeParams(pattern).includes(def.parent.param)) return null;
  const field = def.fields[def.parent.field];
  return field?.references
    ? { field: def.parent.field, resource: field.references, param: def.parent.param }
    : null;
}

/**
 * Where a resource screen is: the address of the record it is under, and of the record it shows;
 * and the other parameters of its route (a program's project and sub-project), for links beside it.
 */
export type ScreenPlace = {
  readonly parent: string | null;
  readonly address: string | null;
  readonly route?: RouteMatch;
};

const recordParamOf = (def: ResourceDefinition, kind: ScreenKind | "open", names: string[]) => {
  if (kind === "list" || kind === "create") return undefined;
  return names.filter((n) => n !== def.parent?.param).at(-1);
};

/** `query` reads the address's query string, for a definition that names its record there. */
export function screenPlace(
  screen: ResourceScreen,
  params: RouteMatch,
  query: (key: string) => string | null = () => null,
): ScreenPlace {
  const def = resourceNamed(screen.resource);
  const link = parentLink(def, screen.pattern);
  const recordParam = recordParamOf(def, screen.kind, routeParams(screen.pattern));
  // A record named in the query is never one of the path's parameters (those name its parent).
  const byQuery = screen.kind === "update" && def.addressQuery !== undefined;
  const inQuery = byQuery ? query(def.addressQuery ?? "") || null : null;
  return {
    parent: link ? (params[link.param] ?? null) : null,
    address: byQuery ? inQuery : recordParam ? (params[recordParam] ?? null) : null,
    route: params,
  };
}

/** The path of a resource's screen, for links between its list, form and view. */
export function screenPath(
  def: ResourceDefinition,
  kind: ScreenKind | "open",
  place: ScreenPlace,
): string | null {
  if (def.formQuery && (kind === "update" || kind === "create")) {
    // The form opens on the list's own page, the record (or a new one) named in the query.
    const list = screenPath(def, "list", place);
    const record = kind === "create" ? NEW_RECORD : place.address;
    return list && record ? `${list}?${def.formQuery}=${encodeURIComponent(record)}` : null;
  }
  if (def.addressQuery && (kind === "update" || kind === "create") && def.routes.update) {
    // The update screen adds a record when the query names none.
    const path = pathFor(def.routes.update, { ...place.route });
    if (kind === "create") return path;
    return place.address ? `${path}?${def.addressQuery}=${encodeURIComponent(place.address)}` : null;
  }
  const pattern = def.routes[kind];
  if (!pattern) return null;
  const names = routeParams(pattern);
  const params: Record<string, string | undefined> = { ...place.route };
  const link = parentLink(def, pattern);
  if (link) params[link.param] = place.parent ?? undefined;
  const recordParam = recordParamOf(def, kind, names);
  if (recordParam) params[recordParam] = place.address ?? undefined;
  return names.every((n) => params[n]) ? pathFor(pattern, params) : null;
}

/**
 * The form a list's page shows instead of the list, for a definition whose form opens there: the
 * record its query names, null for a new one; undefined when the query opens no form.
 */
export function formOnList(
  def: ResourceDefinition,
  query: (key: string) => string | null,
): { address: string | null } | undefined {
  const named = def.formQuery ? query(def.formQuery) : null;
  if (!named) return undefined;
  return { address: named === NEW_RECORD ? null : named };
}

/** A list's links beside it, with the page's route parameters filled in; a link needing one it lacks is left out. */
export function relatedLinks(def: ResourceDefinition, place: ScreenPlace): { label: string; path: string }[] {
  return (def.related ?? []).flatMap((r) => {
    const names = routeParams(r.path);
    if (names.length === 0) return [r];
    const params = place.route ?? {};
    if (names.some((n) => !params[n])) return [];
    return [{ label: r.label, path: pathFor(r.path, params) }];
  });
}
