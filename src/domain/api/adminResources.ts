/**
 * The administration API, generated from the resource definitions (src/domain/admin/resources): for each
 * resource a paged list, options for searchable selects, one record, and (when writable) create,
 * update and delete. Reads are granted by the definition's read permissions, writes by its write
 * permissions (and, for records every organisation shares, to internal administrators alone).
 */
import { Schema } from "effect";
import {
  isWritable,
  type ResourceDefinition,
  ResourceOptions,
  ResourcePage,
  ResourceRecord,
} from "../admin/resource";
import { RESOURCES } from "../admin/resourceCatalogue";
import { cities } from "../admin/resources/geography";
import { type AnyEndpoint, endpoint, Multipart } from "./endpoint";
import { PathText } from "./fields";

/**
 * A list's query: its filters, search, order and page, each checked against the definition by
 * `decodeListQuery` (an unknown parameter is a 400 line of its own).
 */
export const ResourceListParams = Schema.Record(
  Schema.String,
  Schema.Union([Schema.String, Schema.Array(Schema.String)]),
);

/**
 * A write: `{ values, version }` as JSON, whose values the definition's schema decodes with every
 * field's lines at once; for a resource with files, multipart with the values as JSON in `values`.
 */
export const ResourceWrite = Schema.Record(Schema.String, Schema.Unknown);

const OfRecord = Schema.Struct({ address: PathText });

/** Whether a definition holds files (and so takes multipart writes). */
const holdsFiles = (def: ResourceDefinition): boolean =>
  Object.values(def.fields).some((field) => field.widget === "file");

export function resourceEndpoints(def: ResourceDefinition) {
  const base = `/admin/${def.name}/`;
  const one = `${base}:address/`;
  const read = { grant: "resourceRead", resource: def.name } as const;
  const write = { grant: "resourceWrite", resource: def.name } as const;
  const body = holdsFiles(def) ? Multipart : ResourceWrite;
  return {
    list: endpoint({
      summary: `A page of ${def.plural}, filtered, searched and ordered`,
      method: "GET",
      path: base,
      ...read,
      query: ResourceListParams,
      response: ResourcePage,
      refusals: [400],
    }),
    options: endpoint({
      summary: `${def.plural} as options of a searchable select`,
      method: "GET",
      path: `${base}options/`,
      ...read,
      query: ResourceListParams,
      response: ResourceOptions,
      refusals: [400],
    }),
    read: endpoint({
      summary: `One ${def.noun} by its address`,
      method: "GET",
      path: one,
      ...read,
      params: OfRecord,
      response: ResourceRecord,
      refusals: [404],
    }),
    ...(isWritable(def)
      ? {
          create: endpoint({
            summary: `Adds a ${def.noun}`,
            method: "POST",
            path: base,
            ...write,
            body,
            response: ResourceRecord,
            status: 201,
            refusals: [400, 409, 413],
          }),
          update: endpoint({
            summary: `Changes a ${def.noun} at the version read`,
            method: "PUT",
            path: one,
            ...write,
            params: OfRecord,
            body,
            response: ResourceRecord,
            refusals: [400, 404, 409, 413],
          }),
          remove: endpoint({
            summary: `Deletes a ${def.noun} nothing uses`,
            method: "DELETE",
            path: one,
            ...write,
            params: OfRecord,
            response: Schema.Null,
            status: 204,
            refusals: [404, 409],
          }),
        }
      : {}),
  };
}

export type ResourceEndpoints = ReturnType<typeof resourceEndpoints>;

/** Each administered resource's endpoints, by the resource's name. */
export const RESOURCE_API: Readonly<Record<string, ResourceEndpoints>> = Object.fromEntries(
  RESOURCES.map((def) => [def.name, resourceEndpoints(def)]),
);

export const CityMergeAnswer = Schema.Struct({
  detail: Schema.String,
  outlets_moved: Schema.Number,
  city: ResourceRecord,
});

export const mergeCities = endpoint({
  summary: "Moves a city's outlets to another city of its state and deletes it",
  method: "POST",
  path: "/admin/cities/merge/",
  grant: "resourceWrite",
  resource: cities.name,
  body: Schema.Struct({ from: Schema.optionalKey(Schema.Unknown), into: Schema.optionalKey(Schema.Unknown) }),
  response: CityMergeAnswer,
  refusals: [400, 404],
});

/** Every endpoint of the family, for the catalogue. */
export const ADMIN_RESOURCE_ENDPOINTS: readonly AnyEndpoint[] = [
  mergeCities,
  ...Object.values(RESOURCE_API).flatMap((api) => Object.values(api) as AnyEndpoint[]),
];
