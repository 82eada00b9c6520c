/**
 * The create and update form of any administered resource (docs/admin.md): loads the record being
 * edited, checks the values with the definition's schema before sending, shows the server's field
 * lines from a 400, stops on a 409 when someone else changed the record since it was loaded, and
 * reports the saved record to the screen. A file chosen for a file field is read first and checked
 * at once with the field's rule, so a wrong type or size shows before Save.
 */
import { assign, type DoneActorEvent, fromPromise, setup } from "xstate";
import {
  decodeValues,
  type FieldLines,
  type FieldValue,
  fieldProblems,
  RECORD_LOAD_FAILED,
  type ResourceRecord,
  SAVE_FAILED,
  type SaveOutcome,
  type Values,
  valuesOf,
} from "../../domain/admin/resource";
import { resourceNamed } from "../../domain/admin/resourceCatalogue";
import { type ChosenFile, FILE_NOT_READ } from "../../domain/shared/fileField";

export type ResourceFormInput = {
  resource: string;
  /** The record's address when editing; null for a new record. */
  address: string | null;
  /** A new record's starting values (blanks and the page's organisation). */
  initial: Values;
};

export type ResourceFormContext = {
  resource: string;
  address: string | null;
  values: Values;
  /** The version loaded; an update is saved only on it. */
  version: number | null;
  fieldErrors: FieldLines;
  detail: string | null;
  /** The file field whose chosen file is being read. */
  readingField: string | null;
};

/** Reading a chosen file: the browser's handle, read no further than one byte past the field's limit. */
export type ReadFileRequest = { file: unknown; maxBytes: number };

export type SaveRequest = {
  resource: string;
  address: string | null;
  version: number | null;
  values: Record<string, unknown>;
};

export type ResourceFormEvent =
  | { type: "field.change"; field: string; value: FieldValue }
  | { type: "file.choose"; field: string; file: unknown }
  | { type: "form.submit" }
  | { type: "retry" }
  | { type: "reload" };

const saveOutcome = (event: unknown) => (event as DoneActorEvent<SaveOutcome>).output;
const fileSpec = (resource: string, field: string) => {
  const spec = resourceNamed(resource).fields[field];
  return spec?.widget === "file" ? spec : undefined;
};
const withoutErrorOf = (errors: FieldLines, field: string): FieldLines =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => k !== field));
const decoded = (context: ResourceFormContext) =>
  decodeValues(resourceNamed(context.resource), context.values, context.address === null);

export const resourceFormMachine = setup({
  types: {} as { context: ResourceFormContext; events: ResourceFormEvent; input: ResourceFormInput },
  actors: {
    loadRecord: fromPromise<ResourceRecord, { resource: string; address: string }>(async () => {
      throw new Error("loadRecord is provided by the application");
    }),
    saveRecord: fromPromise<SaveOutcome, SaveRequest>(async () => {
      throw new Error("saveRecord is provided by the application");
    }),
    readFile: fromPromise<ChosenFile, ReadFileRequest>(async () => {
      throw new Error("readFile is provided by the application");
    }),
  },
  guards: {
    isFileField: ({ context, event }) =>
      event.type === "file.choose" && fileSpec(context.resource, event.field) !== undefined,
    editingExisting: ({ context }) => context.address !== null,
    valuesValid: ({ context }) => decoded(context).ok,
    outcomeIs: ({ event }, params: { type: SaveOutcome["type"] }) => saveOutcome(event).type === params.type,
  },
  actions: {
    /** The record is saved: the screen goes on (to its list or view). */
    saved: (_, _params: { record: ResourceRecord | null; detail: string | null }) => {},
  },
}).createMachine({
  id: "resourceForm",
  description: "Creating or updating one record of a resource.",
  context: ({ input }) => ({
    resource: input.resource,
    address: input.address,
    values: input.initial,
    version: null,
    fieldErrors: {},
    detail: null,
    readingField: null,
  }),
  initial: "starting",
  states: {
    starting: {
      description: "A form for an existing record loads it first; a new record's form is ready at once.",
      always: [{ guard: "editingExisting", target: "loading" }, { target: "editing" }],
    },
    loading: {
      description: "Reading the record and its version.",
      tags: ["busy"],
      invoke: {
        id: "loadRecord",
        src: "loadRecord",
        input: ({ context }) => ({ resource: context.resource, address: context.address! }),
        onDone: {
          target: "editing",
          actions: assign(({ context, event }) => ({
            values: valuesOf(resourceNamed(context.resource), event.output.values),
            version: event.output.version,
            fieldErrors: {},
            detail: null,
          })),
        },
        onError: { target: "loadFailed", actions: assign({ detail: RECORD_LOAD_FAILED }) },
      },
    },
    loadFailed: {
      description: "The record could not be read; Try again reads it again.",
      on: { retry: { target: "loading", actions: assign({ detail: null }) } },
    },
    editing: {
      description: "The user edits the values; a field's error clears as it is changed.",
      on: {
        "field.change": {
          actions: assign(({ context, event }) => ({
            values: { ...context.values, [event.field]: event.value },
            fieldErrors: withoutErrorOf(context.fieldErrors, event.field),
          })),
        },
        "file.choose": {
          guard: "isFileField",
          target: "readingFile",
          actions: assign(({ context, event }) => ({
            readingField: event.field,
            fieldErrors: withoutErrorOf(context.fieldErrors, event.field),
          })),
        },
        "form.submit": { target: "validating" },
      },
    },
    readingFile: {
      description:
        "Reading the file chosen for a file field; it is checked with the field's rule as soon as it is read.",
      invoke: {
        id: "readFile",
        src: "readFile",
        input: ({ context, event }) => ({
          file: (event as Extract<ResourceFormEvent, { type: "file.choose" }>).file,
          maxBytes: fileSpec(context.resource, context.readingField!)!.file!.maxBytes,
        }),
        onDone: {
          target: "editing",
          actions: assign(({ context, event }) => {
            const field = context.readingField!;
            const problems = fieldProblems(fileSpec(context.resource, field)!, event.output);
            return {
              values: { ...context.values, [field]: event.output },
              fieldErrors:
                problems.length > 0 ? { ...context.fieldErrors, [field]: problems } : context.fieldErrors,
              readingField: null,
            };
          }),
        },
        onError: {
          target: "editing",
          actions: assign(({ context }) => ({
            fieldErrors: { ...context.fieldErrors, [context.readingField!]: [FILE_NOT_READ] },
            readingField: null,
          })),
        },
      },
    },
    validating: {
      description:
        "The values are checked with the resource's schema; problems show before anything is sent.",
      always: [
        { guard: "valuesValid", target: "saving" },
        {
          target: "editing",
          actions: assign(({ context }) => {
            const result = decoded(context);
            return { fieldErrors: result.ok ? {} : result.errors, detail: null };
          }),
        },
      ],
    },
    saving: {
      description: "Sending the checked values (with the version loaded, for an update).",
      tags: ["busy"],
      entry: assign({ fieldErrors: {}, detail: null }),
      invoke: {
        id: "saveRecord",
        src: "saveRecord",
        input: ({ context }) => {
          const result = decoded(context);
          return {
            resource: context.resource,
            address: context.address,
            version: context.version,
            values: result.ok ? result.values : {},
          };
        },
        onDone: [
          {
            guard: { type: "outcomeIs", params: { type: "saved" } },
            target: "saved",
            actions: {
              type: "saved",
              params: ({ event }) => {
                const { record, detail } = saveOutcome(event) as Extract<SaveOutcome, { type: "saved" }>;
                return { record, detail };
              },
            },
          },
          {
            guard: { type: "outcomeIs", params: { type: "conflict" } },
            target: "conflict",
            actions: assign(({ event }) => ({
              detail: (saveOutcome(event) as Extract<SaveOutcome, { type: "conflict" }>).detail,
            })),
          },
          {
            target: "editing",
            actions: assign(({ event }) => {
              const invalid = saveOutcome(event) as Extract<SaveOutcome, { type: "invalid" }>;
              return { fieldErrors: invalid.fieldErrors, detail: invalid.detail };
            }),
          },
        ],
        onError: { target: "editing", actions: assign({ detail: SAVE_FAILED }) },
      },
    },
    conflict: {
      description:
        "Someone else saved the record after it was loaded; nothing was saved. Reload shows their version.",
      on: { reload: { target: "loading" } },
    },
    saved: {
      description: "The record is saved; the screen moves on.",
      type: "final",
    },
  },
});
