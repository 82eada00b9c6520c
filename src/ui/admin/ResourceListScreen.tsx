/**
 * The list screen of any resource: its columns, search, order, filters and pager in the address,
 * links to add, open and edit, and delete after confirmation. What is loaded and being deleted
 * lives in the resourceList machine; the screen reads it.
 */
import { useEffect } from "react";
import { Link } from "wouter";
import {
  cellText,
  mayWrite,
  type ResourceDefinition,
  type ResourceRecord,
  titleOf,
} from "../../domain/admin/resource";
import { relatedLinks, type ScreenPlace, screenPath } from "../../domain/admin/resourceCatalogue";
import type { ResourceFilters, ResourceListQuery } from "../../domain/admin/resourceQuery";
import { inSentence } from "../../domain/shared/format";
import { tableQueryFromParams } from "../../domain/shared/table";
import { resourceListMachine, resourceTable } from "../../machines/admin/resourceList";
import { modalMachine } from "../../machines/shared/modal";
import { useLiveActorRef, useLiveMachine } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import { isBuiltPath } from "../routes/allBuilt";
import { useCurrentUser } from "../session/SessionGate";
import { LoadingButton } from "../widgets/Controls";
import DataTable, { type Column } from "../widgets/DataTable";
import Modal from "../widgets/Modal";
import { tableAddressChanges, useTableAddress } from "../widgets/useDataTable";
import type { PageParent } from "./adminQueries";
import { ListFilters } from "./ListFilters";
import { resourceListActors } from "./resourceActors";

type Props = {
  def: ResourceDefinition;
  place: ScreenPlace;
  /** The record the page is under (an organisation, a project), whose records alone are listed. */
  parent: PageParent;
  actors?: Partial<typeof resourceListActors>;
};

/** Filters from the address: the definition's filter keys only. */
function addressFilters(def: ResourceDefinition): Record<string, string> {
  const params = new URLSearchParams(globalThis.location?.search ?? "");
  return Object.fromEntries(def.filters.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])));
}

function writeFilters(def: ResourceDefinition, filters: ResourceFilters) {
  const url = new URL(window.location.href);
  for (const key of def.filters) {
    if (filters[key]) url.searchParams.set(key, filters[key]);
    else url.searchParams.delete(key);
  }
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
}

/** The list's query as the address holds it: the table's view and the definition's filters. */
function addressQuery(def: ResourceDefinition, fixed: ResourceFilters): ResourceListQuery {
  const view = tableQueryFromParams(new URLSearchParams(globalThis.location?.search ?? ""));
  return { ...view, filters: { ...addressFilters(def), ...fixed } };
}

function DeleteDialog({
  title,
  busy,
  onKeep,
  onDelete,
}: {
  title: string;
  busy: boolean;
  onKeep: () => void;
  onDelete: () => void;
}) {
  const modal = useLiveActorRef(useProvided(modalMachine, { actions: { closed: onKeep } }), {
    input: { open: true },
  });
  return (
    <Modal
      actor={modal}
      title="Delete this record?"
      width={420}
      footer={
        <>
          <button type="button" className="button button-secondary" disabled={busy} onClick={onKeep}>
            Keep it
          </button>
          <LoadingButton loading={busy} onClick={onDelete}>
            Delete
          </LoadingButton>
        </>
      }
    >
      <p>{title} will be deleted. This cannot be undone.</p>
    </Modal>
  );
}

export default function ResourceListScreen({ def, place, parent, actors }: Props) {
  const user = useCurrentUser();
  const canWrite = mayWrite(def, user?.permissions ?? []);
  const fixed: ResourceFilters = parent === null ? {} : { [parent.field]: String(parent.id) };
  const [state, send] = useLiveMachine(
    useProvided(resourceListMachine, {
      actors: {
        ...resourceListActors,
        table: resourceTable.provide({ actors: { addressChanges: tableAddressChanges() } }),
        ...actors,
      },
    }),
    { input: { resource: def.name, query: addressQuery(def, fixed) } },
  );
  const { query, page, detail, notice, pending } = state.context;
  // The machine's table lives as long as the machine.
  const table = state.children.table!;
  useTableAddress(table);
  useEffect(() => writeFilters(def, query.filters), [def, query.filters]);

  const linkTo = (kind: "open" | "view" | "update", record: ResourceRecord) =>
    screenPath(def, kind, { ...place, address: record.address });
  const columns: Column<ResourceRecord>[] = def.columns.map((key, i) => ({
    key,
    header: def.fields[key]?.label ?? key,
    sortable: def.orderKeys.includes(key),
    render: (record) => {
      const text = cellText(def, record, key);
      const to =
        i === 0 ? (linkTo("open", record) ?? linkTo("view", record) ?? linkTo("update", record)) : null;
      return to ? <Link href={to}>{text}</Link> : text;
    },
  }));
  const createPath = screenPath(def, "create", place);
  const related = relatedLinks(def, place).filter((r) => isBuiltPath(r.path));

  return (
    <div className="page" aria-busy={state.hasTag("busy")}>
      <div className="page-heading">
        <h1>{def.plural}</h1>
        {canWrite && createPath && (
          <Link className="button" href={createPath}>
            Add {inSentence(def.noun)}
          </Link>
        )}
      </div>
      {related.length > 0 && (
        <nav className="related-links" aria-label={`Beside ${inSentence(def.plural)}`}>
          {related.map((r) => (
            <Link key={r.path} href={r.path}>
              {r.label}
            </Link>
          ))}
        </nav>
      )}
      {notice && (
        <p className="form-messages form-messages-info" role="status">
          {notice}
        </p>
      )}
      {detail && (
        <div className="form-messages form-messages-error" role="alert">
          <p>{detail}</p>
          {state.matches("failed") && (
            <button type="button" className="button button-secondary" onClick={() => send({ type: "retry" })}>
              Try again
            </button>
          )}
        </div>
      )}
      <ListFilters
        def={def}
        parent={parent}
        filters={query.filters}
        onChange={(filters) => send({ type: "filters.change", filters: { ...filters, ...fixed } })}
      />
      <DataTable
        actor={table}
        caption={def.plural}
        columns={columns}
        rows={page?.results ?? []}
        loading={state.matches("loading")}
        total={page?.count ?? 0}
        rowId={(r) => String(r.id)}
        showRecordCount
        rowActions={
          canWrite
            ? (record) => (
                <span className="row-actions">
                  {linkTo("update", record) && <Link href={linkTo("update", record)!}>Edit</Link>}
                  <button
                    type="button"
                    className="link-button"
                    aria-label={`Delete ${titleOf(def, record.values)}`}
                    disabled={
                      !state.can({ type: "delete.ask", record: { address: record.address, title: "" } })
                    }
                    onClick={() =>
                      send({
                        type: "delete.ask",
                        record: { address: record.address, title: titleOf(def, record.values) },
                      })
                    }
                  >
                    Delete
                  </button>
                </span>
              )
            : undefined
        }
      />
      {state.hasTag("confirming") && pending && (
        <DeleteDialog
          title={`${def.noun} ${pending.title}`}
          busy={state.matches("deleting")}
          onKeep={() => send({ type: "delete.cancel" })}
          onDelete={() => send({ type: "delete.confirm" })}
        />
      )}
    </div>
  );
}
