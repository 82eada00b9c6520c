/**
 * The administration calls of every resource (docs/admin.md): a page, one record, options for a
 * select, save and delete. Expected refusals come back as values for the machines: a 400's field
 * lines, a 409 on a stale version, a 409 or 404 on delete; only the unexpected stays an error.
 */
import { Effect } from "effect";
import type { DeleteOutcome, ResourcePage, ResourceRecord, SaveOutcome } from "../../domain/admin/resource";
import { listParams, type ResourceFilters, type ResourceListQuery } from "../../domain/admin/resourceQuery";
import {
  mergeCities as mergeCitiesEndpoint,
  RESOURCE_API,
  type ResourceEndpoints,
} from "../../domain/api/adminResources";
import { Multipart } from "../../domain/api/endpoint";
import { filePart, isChosenFile } from "../../domain/shared/fileField";
import { call } from "../endpoint";
import { type ApiError, detailOf } from "../http";
import { fieldErrorsOf } from "./authOutcomes";

/** A resource's endpoints; a name no definition has is a mistake in the screen's code. */
function apiOf(resource: string): ResourceEndpoints {
  const api = RESOURCE_API[resource];
  if (!api) throw new Error(`No administered resource ${resource}`);
  return api;
}

export const listResource = (
  resource: string,
  query: ResourceListQuery,
): Effect.Effect<ResourcePage, ApiError> => call(apiOf(resource).list, { query: listParams(query) });

export const readResource = (resource: string, address: string): Effect.Effect<ResourceRecord, ApiError> =>
  call(apiOf(resource).read, { params: { address } });

export const resourceOptions = (resource: string, filters: ResourceFilters = {}) =>
  call(apiOf(resource).options, { query: filters });

export type SaveRequest = {
  resource: string;
  address: string | null;
  version: number | null;
  values: Record<string, unknown>;
};

/** A save's answer as an outcome: a 400's field lines are `invalid`, a 409 is `conflict`. */
export function saveOutcomeOf<A>(
  call: Effect.Effect<A, ApiError>,
  saved: (answer: A) => SaveOutcome,
): Effect.Effect<SaveOutcome, ApiError> {
  return Effect.catch(Effect.map(call, saved), (error): Effect.Effect<SaveOutcome, ApiError> => {
    if (error._tag === "ValidationError")
      return Effect.succeed({
        type: "invalid",
        fieldErrors: fieldErrorsOf(error.body),
        detail: detailOf(error.body) ?? null,
      });
    if (error._tag === "HttpError" && error.status === 409)
      return Effect.succeed({ type: "conflict", detail: detailOf(error.body) ?? "" });
    return Effect.fail(error);
  });
}

/**
 * A write's body: JSON, or for a resource with files multipart (the values as JSON in `values`, each
 * chosen file in its own part), so the record and its files are saved in one request.
 */
function writeBody(
  values: Record<string, unknown>,
  version: number | null,
  files: boolean,
): Record<string, unknown> {
  const body = version === null ? { values } : { values, version };
  if (!files) return body;
  const chosen = Object.entries(values).filter(([, v]) => isChosenFile(v));
  const form = new FormData();
  const plain = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, isChosenFile(v) ? null : v]));
  form.append("values", JSON.stringify(plain));
  if (version !== null) form.append("version", String(version));
  for (const [key, value] of chosen) {
    const file = value as { name: string; bytes: Uint8Array };
    form.append(filePart(key), new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  }
  // The contract's call sends a form as it is: it is the multipart body the endpoint declares.
  return form as unknown as Record<string, unknown>;
}

export function saveResource(req: SaveRequest): Effect.Effect<SaveOutcome, ApiError> {
  const api = apiOf(req.resource);
  if (!api.create || !api.update) throw new Error(`${req.resource} is not written through the API`);
  const files = api.create.body === Multipart;
  const saving =
    req.address === null
      ? call(api.create, { body: writeBody(req.values, null, files) })
      : call(api.update, {
          params: { address: req.address },
          body: writeBody(req.values, req.version, files),
        });
  return saveOutcomeOf(saving, (record) => ({ type: "saved", record, detail: null }));
}

function removal(resource: string, address: string): Effect.Effect<unknown, ApiError> {
  const remove = apiOf(resource).remove;
  if (!remove) throw new Error(`${resource} is not written through the API`);
  return call(remove, { params: { address } });
}

export function deleteResource(resource: string, address: string): Effect.Effect<DeleteOutcome, ApiError> {
  return Effect.catch(
    Effect.map(removal(resource, address), (): DeleteOutcome => ({ type: "deleted" })),
    (error): Effect.Effect<DeleteOutcome, ApiError> =>
      error._tag === "HttpError" && (error.status === 409 || error.status === 404)
        ? Effect.succeed({ type: "refused", detail: detailOf(error.body) ?? "Not found." })
        : Effect.fail(error),
  );
}

/** Merging one city into another: the city kept and the server's account of it, or the field lines. */
export const mergeCities = (req: SaveRequest): Effect.Effect<SaveOutcome, ApiError> =>
  saveOutcomeOf(call(mergeCitiesEndpoint, { body: req.values }), (answer) => ({
    type: "saved",
    record: answer.city,
    detail: answer.detail,
  }));
