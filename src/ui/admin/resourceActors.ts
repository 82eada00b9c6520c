/** The resource machines' effects, provided to them at the screen (tests provide fakes). */
import { fromPromise } from "xstate";
import type { DeleteOutcome, ResourcePage, ResourceRecord, SaveOutcome } from "../../domain/admin/resource";
import type { ResourceListQuery } from "../../domain/admin/resourceQuery";
import type { ChosenFile } from "../../domain/shared/fileField";
import {
  deleteResource,
  listResource,
  mergeCities,
  readResource,
  type SaveRequest,
  saveResource,
} from "../../infra/api/resources";
import { runApi } from "../../infra/http";
import type { ReadFileRequest } from "../../machines/admin/resourceForm";

export const resourceListActors = {
  loadPage: fromPromise<ResourcePage, { resource: string; query: ResourceListQuery }>(({ input, signal }) =>
    runApi(listResource(input.resource, input.query), { signal }),
  ),
  deleteRecord: fromPromise<DeleteOutcome, { resource: string; address: string }>(({ input, signal }) =>
    runApi(deleteResource(input.resource, input.address), { signal }),
  ),
};

/** A chosen file's name and content, read no further than one byte past the field's limit. */
const readChosenFile = fromPromise<ChosenFile, ReadFileRequest>(async ({ input }) => {
  const file = input.file as File;
  const bytes = new Uint8Array(await file.slice(0, input.maxBytes + 1).arrayBuffer());
  return { name: file.name, bytes };
});

export const resourceFormActors = {
  readFile: readChosenFile,
  loadRecord: fromPromise<ResourceRecord, { resource: string; address: string }>(({ input, signal }) =>
    runApi(readResource(input.resource, input.address), { signal }),
  ),
  saveRecord: fromPromise<SaveOutcome, SaveRequest>(({ input, signal }) =>
    runApi(saveResource(input), { signal }),
  ),
};

/** The merge-cities form saves through the merge call. */
export const cityMergeActors = {
  ...resourceFormActors,
  saveRecord: fromPromise<SaveOutcome, SaveRequest>(({ input, signal }) =>
    runApi(mergeCities(input), { signal }),
  ),
};
