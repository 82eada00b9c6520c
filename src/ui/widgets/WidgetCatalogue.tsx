import { useSelector } from "@xstate/react";
import { useMemo, useState } from "react";
import { fromPromise } from "xstate";
import { EMPTY_FILTERS, type FilterValues, toFilterOptions } from "../../domain/shared/filters";
import { formatDate, formatTime12 } from "../../domain/shared/format";
import { matchesSearch } from "../../domain/shared/table";
import { type FilterOption, filterDrawerMachine } from "../../machines/shared/filterDrawer";
import { modalMachine } from "../../machines/shared/modal";
import { useLiveActorRef } from "../live/liveActors";
import { useProvided } from "../live/useProvided";
import {
  Badge,
  Checkbox,
  FileInput,
  LoadingButton,
  Select,
  Spinner,
  TextArea,
  TextInput,
  ToggleSwitch,
} from "./Controls";
import DataTable, { type Column } from "./DataTable";
import { DropdownMenu, ImageViewer, StatCard } from "./Display";
import FilterDrawer, { type FilterDefinition } from "./FilterDrawer";
import GalleryModal from "./GalleryModal";
import Modal, { ConfirmDialog } from "./Modal";
import SearchableSelect from "./SearchableSelect";
import { useDataTable } from "./useDataTable";

type SampleRow = { id: string; rsid: string; name: string; city: string; status: string };

const CITIES = ["Mumbai", "Pune", "Bengaluru", "Chennai", "Kolkata", "Jaipur", "Kochi", "Lucknow"];
const STATUSES = ["qc_pending", "qc_accepted", "qc_rejected", "payouts_plotted"];
const SHOPS = ["General Stores", "Kirana", "Super Mart", "Traders", "Bazaar"];
const OWNERS = ["Sharma", "Patel", "Iyer", "Reddy", "Nair", "Gupta", "Khan", "Das"];

/** 1000 sample rows, the same on every load, to show a full page of the largest size. */
const SAMPLE_ROWS: readonly SampleRow[] = Array.from({ length: 1000 }, (_, i) => ({
  id: String(i + 1),
  rsid: `RS${String(i + 1).padStart(6, "0")}`,
  name: `${OWNERS[(i * 7) % OWNERS.length]} ${SHOPS[(i * 3) % SHOPS.length]}`,
  city: CITIES[(i * 5) % CITIES.length]!,
  status: STATUSES[i % STATUSES.length]!,
}));

const COLUMNS: readonly Column<SampleRow>[] = [
  { key: "rsid", header: "RSID", sortable: true },
  { key: "name", header: "Outlet", sortable: true },
  { key: "city", header: "City", sortable: true },
  { key: "status", header: "Status" },
];

const FILTERS: readonly FilterDefinition[] = [
  { key: "status", label: "Status", kind: "list" },
  { key: "created", label: "Created", kind: "dateRange" },
  { key: "invoice_date", label: "Invoice date", kind: "invoiceRange" },
  { key: "include_temp", label: "Include temporary outlets", kind: "toggle" },
];

const sampleOptions = fromPromise<Record<string, readonly FilterOption[]>>(
  () =>
    new Promise((resolve) =>
      setTimeout(
        () =>
          resolve({
            // Shaped as the API sends options: label under name, value under id.
            status: toFilterOptions(
              "status",
              STATUSES.map((s) => ({ id: s, name: s.replace(/_/g, " ") })),
            ),
          }),
        300,
      ),
    ),
);

function TableSection() {
  const actor = useDataTable();
  const { page, pageSize, sort, search } = useSelector(actor, (s) => s.context);
  const [clicked, setClicked] = useState<string | null>(null);
  const [pendingOnly, setPendingOnly] = useState(false);
  const matching = useMemo(() => {
    const found = SAMPLE_ROWS.filter(
      (r) =>
        (!search || matchesSearch(`${r.rsid} ${r.name} ${r.city}`, search)) &&
        (!pendingOnly || r.status === "qc_pending"),
    );
    if (!sort) return found;
    const key = sort.key as keyof SampleRow;
    const sorted = [...found].sort((a, b) => a[key].localeCompare(b[key]));
    return sort.direction === "asc" ? sorted : sorted.reverse();
  }, [search, sort, pendingOnly]);
  const rows = matching.slice((page - 1) * pageSize, page * pageSize);
  return (
    <section aria-labelledby="table-heading" className="catalogue-section">
      <h2 id="table-heading">Data table</h2>
      <DataTable
        actor={actor}
        caption="Sample outlets"
        columns={COLUMNS}
        rows={rows}
        total={matching.length}
        rowId={(r) => r.id}
        selectable
        showRecordCount
        filterPanel={<Checkbox label="Only QC pending" checked={pendingOnly} onChange={setPendingOnly} />}
        onRowClick={(r) => setClicked(r.rsid)}
        rowActions={(r) => (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setClicked(`${r.rsid} (action)`)}
          >
            Open
          </button>
        )}
      />
      <p role="status">{clicked ? `Opened ${clicked}` : "No row opened yet"}</p>
    </section>
  );
}

function describeFilters(values: FilterValues): string[] {
  return [
    ...Object.entries(values.lists)
      .filter(([, v]) => v.length)
      .map(([k, v]) => `${k}: ${v.join(", ")}`),
    ...Object.entries(values.ranges).map(([k, r]) => `${k}: ${r.from ?? "…"} to ${r.to ?? "…"}`),
    ...Object.entries(values.toggles)
      .filter(([, on]) => on)
      .map(([k]) => `${k}: on`),
  ];
}

function FilterSection() {
  const [applied, setApplied] = useState<FilterValues>(EMPTY_FILTERS);
  const actor = useLiveActorRef(
    useProvided(filterDrawerMachine, {
      actors: { loadOptions: sampleOptions },
      actions: { filtersApplied: (_, { values }) => setApplied(values) },
    }),
    { input: {} },
  );
  const lines = describeFilters(applied);
  return (
    <section aria-labelledby="filter-heading" className="catalogue-section">
      <h2 id="filter-heading">Filter drawer</h2>
      <button type="button" className="button" onClick={() => actor.send({ type: "drawer.open" })}>
        Open filters
      </button>
      <FilterDrawer actor={actor} filters={FILTERS} />
      <p>Applied filters:</p>
      <ul aria-label="Applied filters">
        {lines.length ? lines.map((l) => <li key={l}>{l}</li>) : <li>none</li>}
      </ul>
    </section>
  );
}

function ModalSection() {
  const plain = useLiveActorRef(modalMachine, { input: { open: false } });
  const locked = useLiveActorRef(modalMachine, { input: { open: false, noExit: true } });
  const confirm = useLiveActorRef(modalMachine, { input: { open: false } });
  const [confirmed, setConfirmed] = useState(0);
  return (
    <section aria-labelledby="modal-heading" className="catalogue-section">
      <h2 id="modal-heading">Modal and confirmation dialog</h2>
      <div className="catalogue-row">
        <button type="button" className="button" onClick={() => plain.send({ type: "modal.open" })}>
          Open modal
        </button>
        <button type="button" className="button" onClick={() => locked.send({ type: "modal.open" })}>
          Open modal without Escape
        </button>
        <button type="button" className="button" onClick={() => confirm.send({ type: "modal.open" })}>
          Open confirmation
        </button>
      </div>
      <p role="status">Confirmed {confirmed} time(s)</p>
      <Modal actor={plain} title="A modal">
        <p>Escape or the close button closes it.</p>
        <input aria-label="A field inside the modal" />
      </Modal>
      <Modal actor={locked} title="A modal without Escape">
        <p>Only the close button closes it.</p>
      </Modal>
      <ConfirmDialog
        actor={confirm}
        title="Confirm upload"
        message="This cannot be undone. Confirm the upload?"
        onConfirm={() => setConfirmed((n) => n + 1)}
      />
    </section>
  );
}

const SKUS = [
  { label: "Cola 300 ml", value: "cola-300" },
  { label: "Cola 600 ml", value: "cola-600" },
  { label: "Orange Fizz 250 ml", value: "orange-250" },
  { label: "Mango Drink 1 L", value: "mango-1l" },
];

const GALLERY = [1, 2, 3, 4].map((n) => ({
  image: `/samples/shelf-${n}.svg`,
  image_content: `Shelf photo ${n}`,
}));

function ControlsSection() {
  const [text, setText] = useState("");
  const [note, setNote] = useState("");
  const [file, setFile] = useState<string | null>(null);
  const [status, setStatus] = useState("active");
  const [agreed, setAgreed] = useState(false);
  const [on, setOn] = useState(false);
  const [sku, setSku] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [menuChoice, setMenuChoice] = useState("nothing yet");
  return (
    <section aria-labelledby="controls-heading" className="catalogue-section">
      <h2 id="controls-heading">Inputs and controls</h2>
      <div className="catalogue-grid">
        <TextInput label="Text input" value={text} onChange={(e) => setText(e.target.value)} />
        <TextArea label="Text area" value={note} onChange={setNote} />
        <FileInput label="Excel file" accept=".xlsx,.xls" onFile={(f) => setFile(f?.name ?? null)} />
        <p>Chosen file: {file ?? "none"}</p>
        <Select
          label="Select"
          value={status}
          onChange={setStatus}
          options={[
            { label: "Active", value: "active" },
            { label: "Inactive", value: "inactive" },
          ]}
        />
        <Select label="Select without options" value="" onChange={() => {}} options={[]} />
        <SearchableSelect label="SKU" options={SKUS} value={sku} onChange={setSku} />
        <p>Chosen SKU: {sku ?? "none"}</p>
        <Checkbox label="Checkbox" checked={agreed} onChange={setAgreed} />
        <ToggleSwitch label="Toggle switch" on={on} onChange={setOn} />
        <p className="catalogue-row">
          <Badge>info</Badge> <Badge tone="success">success</Badge> <Badge tone="failed">failed</Badge>{" "}
          <Spinner />
        </p>
        <LoadingButton
          loading={saving}
          onClick={() => {
            setSaving(true);
            setTimeout(() => setSaving(false), 1500);
          }}
        >
          {saving ? "Saving…" : "Save"}
        </LoadingButton>
        <div className="catalogue-row">
          <DropdownMenu
            label="Click menu"
            items={[
              { label: "Edit", onSelect: () => setMenuChoice("Edit") },
              { label: "Download", onSelect: () => setMenuChoice("Download") },
            ]}
          />
          <DropdownMenu
            label="Hover menu"
            trigger="hover"
            items={[{ label: "View", onSelect: () => setMenuChoice("View") }]}
          />
          <span>Menu choice: {menuChoice}</span>
        </div>
      </div>
    </section>
  );
}

/** Today's date and time in the shared display formats. */
function NowDisplay() {
  const [now] = useState(() => new Date());
  return (
    <p>
      Date and time display: {formatDate(now.getFullYear(), now.getMonth() + 1, now.getDate())},{" "}
      {formatTime12(now.getHours(), now.getMinutes())}
    </p>
  );
}

function DisplaySection() {
  const gallery = useLiveActorRef(modalMachine, { input: { open: false } });
  const [deleted, setDeleted] = useState(false);
  return (
    <section aria-labelledby="display-heading" className="catalogue-section">
      <h2 id="display-heading">Statistic cards, dates and images</h2>
      <NowDisplay />
      <div className="catalogue-row">
        <StatCard value={1284} tooltip="Everyone who can sign in" />
        <StatCard value={97.456} label="Outlets accepted (%)" />
      </div>
      <div className="catalogue-row">
        {deleted ? (
          <p>Image deleted</p>
        ) : (
          <ImageViewer
            src={GALLERY[0]!.image}
            alt={GALLERY[0]!.image_content}
            onOpen={() => gallery.send({ type: "modal.open" })}
            onDelete={() => setDeleted(true)}
          />
        )}
      </div>
      <button type="button" className="button" onClick={() => gallery.send({ type: "modal.open" })}>
        Open gallery
      </button>
      <GalleryModal actor={gallery} title="Outlet images" images={GALLERY} />
    </section>
  );
}

/** Every shared widget in its states, for developers and product owners (and the browser tests). */
export default function WidgetCatalogue() {
  return (
    <main className="catalogue">
      <h1>Widget catalogue</h1>
      <p className="page-lead">The shared widgets of the product, each in its states, with sample data.</p>
      <TableSection />
      <FilterSection />
      <ModalSection />
      <ControlsSection />
      <DisplaySection />
    </main>
  );
}
