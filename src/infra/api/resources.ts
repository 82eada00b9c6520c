/**
 * The administration calls of every resource (docs/admin.md): a page, one record, options for a
 * select, save and delete. Expected refusals come back as values for the machines: a 400's field
 * lines, a 409 on a stale version, a 409 or 404 on delete; only the unexpected stays an error.
 */
import { Effect, Schema } from "effect";
import { filePart, isChosenFile } from "../../domain/fileField";
import {
  type DeleteOutcome,
  ResourceOptions,
  ResourcePage,
  ResourceRecord,
  type SaveOutcome,
} from "../../domain/resource";
import { listParams, type ResourceFilters, type ResourceListQuery } from "../../domain/resourceQuery";
import { type ApiError, detailOf, NoContent, request } from "../http";
import { fieldErrorsOf } from "./authOutcomes";

const base = (resource: string) => `admin/${resource}/`;
const one = (resource: string, address: string) => `${base(resource)}${encodeURIComponent(address)}/`;

export const listResource = (
  resource: string,
  query: ResourceListQuery,
): Effect.Effect<ResourcePage, ApiError> =>
  request({ path: base(resource), query: listParams(query), schema: ResourcePage });

export const readResource = (resource: string, address: string): Effect.Effect<ResourceRecord, ApiError> =>
  request({ path: one(resource, address), schema: ResourceRecord });

export const resourceOptions = (resource: string, filters: ResourceFilters = {}) =>
  request({ path: `${base(resource)}options/`, query: filters, schema: ResourceOptions });

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
 * A write's body: JSON, or multipart when files were chosen (the values as JSON in `values`, each
 * chosen file in its own part), so the record and its files are saved in one request.
 */
function writeBody(values: Record<string, unknown>, version: number | null): unknown {
  const body = version === null ? { values } : { values, version };
  const chosen = Object.entries(values).filter(([, v]) => isChosenFile(v));
  if (chosen.length === 0) return body;
  const form = new FormData();
  const plain = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, isChosenFile(v) ? null : v]));
  form.append("values", JSON.stringify(plain));
  if (version !== null) form.append("version", String(version));
  for (const [key, value] of chosen) {
    const file = value as { name: string; bytes: Uint8Array };
    form.append(filePart(key), new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  }
  return form;
}

export function saveResource(req: SaveRequest): Effect.Effect<SaveOutcome, ApiError> {
  const call =
    req.address === null
      ? request({
          method: "POST",
          path: base(req.resource),
          body: writeBody(req.values, null),
          schema: ResourceRecord,
        })
      : request({
          method: "PUT",
          path: one(req.resource, req.address),
          body: writeBody(req.values, req.version),
          schema: ResourceRecord,
        });
  return saveOutcomeOf(call, (record) => ({ type: "saved", record, detail: null }));
}

export function deleteResource(resource: string, address: string): Effect.Effect<DeleteOutcome, ApiError> {
  return Effect.catch(
    Effect.map(
      request({ method: "DELETE", path: one(resource, address), schema: NoContent }),
      (): DeleteOutcome => ({ type: "deleted" }),
    ),
    (error): Effect.Effect<DeleteOutcome, ApiError> =>
      error._tag === "HttpError" && (error.status === 409 || error.status === 404)
        ? Effect.succeed({ type: "refused", detail: detailOf(error.body) ?? "Not found." })
        : Effect.fail(error),
  );
}

const MergeAnswer = Schema.Struct({
  detail: Schema.String,
  outlets_moved: Schema.Number,
  city: ResourceRecord,
});

/** Merging one city into another: the city kept and the server's account of it, or the field lines. */
export const mergeCities = (req: SaveRequest): Effect.Effect<SaveOutcome, ApiError> =>
  saveOutcomeOf(
    request({ method: "POST", path: "admin/cities/merge/", body: req.values, schema: MergeAnswer }),
    (answer) => ({ type: "saved", record: answer.city, detail: answer.detail }),
  );
