import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { dataTableMachine } from "../../src/machines/shared/dataTable";
import { type FilterOption, filterDrawerMachine } from "../../src/machines/shared/filterDrawer";
import { modalMachine } from "../../src/machines/shared/modal";
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
} from "../../src/ui/widgets/Controls";
import DataTable from "../../src/ui/widgets/DataTable";
import { DropdownMenu, ImageViewer, StatCard } from "../../src/ui/widgets/Display";
import FilterDrawer from "../../src/ui/widgets/FilterDrawer";
import GalleryModal from "../../src/ui/widgets/GalleryModal";
import Modal from "../../src/ui/widgets/Modal";
import SearchableSelect from "../../src/ui/widgets/SearchableSelect";

describe("inputs and controls", () => {
  it("text input: at most 10000 characters, placeholder Enter text", () => {
    render(<TextInput label="Remarks" />);
    const input = screen.getByLabelText("Remarks") as HTMLInputElement;
    expect(input.maxLength).toBe(10000);
    expect(input.placeholder).toBe("Enter text");
  });

  it("text area, checkbox, file input (first file only), badge and spinner", () => {
    const onText = vi.fn();
    const onCheck = vi.fn();
    const onFile = vi.fn();
    render(
      <>
        <TextArea label="Description" value="" onChange={onText} />
        <Checkbox label="Confirm RSID" checked={false} onChange={onCheck} />
        <FileInput label="Excel file" accept=".xlsx,.xls" onFile={onFile} />
        <Badge tone="failed">3</Badge>
        <Spinner label="Loading outlets" />
      </>,
    );
    const area = screen.getByLabelText("Description") as HTMLTextAreaElement;
    expect(area.maxLength).toBe(10000);
    expect(area.placeholder).toBe("Enter text");
    fireEvent.change(area, { target: { value: "late" } });
    expect(onText).toHaveBeenCalledWith("late");
    fireEvent.click(screen.getByLabelText("Confirm RSID"));
    expect(onCheck).toHaveBeenCalledWith(true);
    const files = [new File(["a"], "first.xlsx"), new File(["b"], "second.xlsx")];
    fireEvent.change(screen.getByLabelText("Excel file"), { target: { files } });
    expect(onFile).toHaveBeenCalledWith(files[0]);
    expect(screen.getByText("3").className).toContain("badge-failed");
    expect(screen.getByRole("status").textContent).toBe("Loading outlets");
  });

  it("select without options says No Data and is disabled", () => {
    render(<Select label="Status" value="" onChange={() => {}} options={[]} />);
    const select = screen.getByLabelText("Status") as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(select.textContent).toBe("No Data");
  });

  it("searchable select: trigger text, search placeholder, case-insensitive filter, empty text, choosing", () => {
    const onChange = vi.fn();
    const options = [
      { label: "Cola 300 ml", value: "c" },
      { label: "Mango Drink", value: "m" },
    ];
    const { rerender } = render(
      <SearchableSelect label="SKU" options={options} value={null} onChange={onChange} />,
    );
    fireEvent.click(screen.getByRole("button", { name: "SKU" }));
    expect(screen.getByRole("button", { name: "SKU" }).textContent).toBe("Select an option");
    const search = screen.getByLabelText("Search SKU") as HTMLInputElement;
    expect(search.placeholder).toBe("Search SKU...");
    fireEvent.change(search, { target: { value: "MANGO" } });
    expect(screen.queryByRole("button", { name: "Cola 300 ml" })).toBeNull();
    fireEvent.change(search, { target: { value: "tea" } });
    expect(screen.getByText("No options found")).toBeTruthy();
    fireEvent.change(search, { target: { value: "cola" } });
    fireEvent.click(screen.getByRole("button", { name: "Cola 300 ml" }));
    expect(onChange).toHaveBeenCalledWith("c");
    rerender(<SearchableSelect label="SKU" options={options} value="c" onChange={onChange} />);
    expect(screen.getByRole("button", { name: "SKU" }).textContent).toBe("Cola 300 ml");
  });

  it("searchable select: the arrow keys move through the options and Enter chooses", () => {
    const onChange = vi.fn();
    const options = [
      { label: "Cola 300 ml", value: "c" },
      { label: "Mango Drink", value: "m" },
      { label: "Tea", value: "t" },
    ];
    render(<SearchableSelect label="SKU" options={options} value={null} onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "SKU" }));
    const search = screen.getByLabelText("Search SKU");
    fireEvent.keyDown(search, { key: "ArrowDown" });
    fireEvent.keyDown(search, { key: "ArrowDown" });
    fireEvent.keyDown(search, { key: "ArrowDown" });
    fireEvent.keyDown(search, { key: "ArrowUp" });
    fireEvent.keyDown(search, { key: "Enter" });
    expect(onChange).toHaveBeenCalledWith("m");
  });

  it("toggle switch and loading button", () => {
    const onChange = vi.fn();
    render(<ToggleSwitch label="Include temporary" on={false} onChange={onChange} />);
    const toggle = screen.getByRole("switch", { name: "Include temporary" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
    render(<LoadingButton loading>Save</LoadingButton>);
    const button = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
  });
});

describe("display widgets", () => {
  it("statistic card: two decimals at most, default label", () => {
    render(<StatCard value={97.456} />);
    expect(screen.getByText("97.46")).toBeTruthy();
    expect(screen.getByText("Total No. of Users")).toBeTruthy();
  });

  it("image viewer rotates through four orientations", () => {
    const onDelete = vi.fn();
    render(<ImageViewer src="/a.svg" alt="Shelf" onDelete={onDelete} />);
    const img = screen.getByAltText("Shelf");
    const right = screen.getByRole("button", { name: "Rotate right" });
    const seen = [img.getAttribute("data-rotation")];
    for (let i = 0; i < 4; i++) {
      fireEvent.click(right);
      seen.push(img.getAttribute("data-rotation"));
    }
    expect(seen).toEqual(["0", "90", "180", "270", "0"]);
    fireEvent.click(screen.getByRole("button", { name: "Rotate left" }));
    expect(img.getAttribute("data-rotation")).toBe("270");
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(onDelete).toHaveBeenCalled();
  });

  it("a click menu closes 400 ms after the pointer leaves", () => {
    vi.useFakeTimers();
    try {
      render(<DropdownMenu label="Actions" items={[{ label: "Edit", onSelect: () => {} }]} />);
      const button = screen.getByRole("button", { name: "Actions" });
      fireEvent.click(button);
      expect(screen.getByRole("button", { name: "Edit" })).toBeTruthy();
      fireEvent.mouseLeave(button.parentElement!);
      act(() => vi.advanceTimersByTime(399));
      expect(screen.queryByRole("button", { name: "Edit" })).toBeTruthy();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("modal", () => {
  it("opens shown, Escape closes it after the 400 ms exit; noExit ignores Escape", () => {
    vi.useFakeTimers();
    try {
      const actor = createActor(modalMachine, { input: {} }).start();
      render(
        <Modal actor={actor} title="Details">
          <button type="button">Inside</button>
        </Modal>,
      );
      const dialog = screen.getByRole("dialog", { name: "Details" });
      expect(document.activeElement?.textContent).toBe("×");
      fireEvent.keyDown(dialog, { key: "Escape" });
      expect(actor.getSnapshot().value).toBe("closing");
      act(() => vi.advanceTimersByTime(400));
      expect(screen.queryByRole("dialog")).toBeNull();

      const locked = createActor(modalMachine, { input: { noExit: true } }).start();
      render(
        <Modal actor={locked} title="Locked">
          <p>text</p>
        </Modal>,
      );
      fireEvent.keyDown(screen.getByRole("dialog", { name: "Locked" }), { key: "Escape" });
      expect(locked.getSnapshot().value).toBe("open");
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps Tab inside the dialog", () => {
    const actor = createActor(modalMachine, { input: {} }).start();
    render(
      <Modal actor={actor} title="Trap">
        <button type="button">Last</button>
      </Modal>,
    );
    const last = screen.getByRole("button", { name: "Last" });
    last.focus();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Tab" });
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Close");
  });

  it("gallery: at most three images, 430 px, zoom in 30 px steps", () => {
    const actor = createActor(modalMachine, { input: {} }).start();
    const images = [1, 2, 3, 4].map((n) => ({ image: `/s${n}.svg`, image_content: `Photo ${n}` }));
    render(<GalleryModal actor={actor} title="Images" images={images} />);
    expect(screen.getAllByRole("img")).toHaveLength(3);
    expect(screen.getByAltText("Photo 1").getAttribute("width")).toBe("430");
    fireEvent.click(screen.getByRole("button", { name: "Zoom in" }));
    expect(screen.getByAltText("Photo 1").getAttribute("width")).toBe("460");
  });
});

describe("data table", () => {
  const columns = [{ key: "name", header: "Name", sortable: true }];

  it("no rows: No Data Available, and the page size selector is disabled", () => {
    const actor = createActor(dataTableMachine, { input: {} }).start();
    render(
      <DataTable
        actor={actor}
        caption="Outlets"
        columns={columns}
        rows={[]}
        total={0}
        rowId={() => ""}
        showRecordCount
      />,
    );
    expect(screen.getByText("No Data Available")).toBeTruthy();
    expect((screen.getByLabelText("Show") as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText("Page 1 of 1")).toBeTruthy();
  });

  it("rows still being read: busy and Loading, never No Data Available", () => {
    const actor = createActor(dataTableMachine, { input: {} }).start();
    const table = (loading: boolean) => (
      <DataTable
        actor={actor}
        caption="Outlets"
        columns={columns}
        rows={[]}
        total={0}
        rowId={() => ""}
        loading={loading}
      />
    );
    const { rerender } = render(table(true));
    expect(screen.getByRole("status").textContent).toBe("Loading");
    expect(screen.queryByText("No Data Available")).toBeNull();
    expect(screen.getByLabelText("Outlets rows").getAttribute("aria-busy")).toBe("true");
    rerender(table(false));
    expect(screen.getByText("No Data Available")).toBeTruthy();
    expect(screen.getByLabelText("Outlets rows").getAttribute("aria-busy")).toBe("false");
  });

  it("sorting, paging and selection go through the machine", () => {
    const actor = createActor(dataTableMachine, { input: {} }).start();
    const rows = Array.from({ length: 15 }, (_, i) => ({ id: String(i), name: `Outlet ${i}` }));
    const onRowClick = vi.fn();
    render(
      <DataTable
        actor={actor}
        caption="Outlets"
        columns={columns}
        rows={rows}
        total={40}
        rowId={(r) => r.id}
        selectable
        onRowClick={onRowClick}
        showRecordCount
      />,
    );
    expect(screen.getByText("Showing 1 - 15 of 40 Record(s)")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Name" }));
    expect(actor.getSnapshot().context.sort).toEqual({ key: "name", direction: "asc" });
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(actor.getSnapshot().context.page).toBe(2);
    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "50" } });
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, pageSize: 50 });
    fireEvent.click(screen.getByLabelText("Select all rows on this page"));
    expect(actor.getSnapshot().context.selected).toHaveLength(15);
    fireEvent.click(screen.getByText("Outlet 3"));
    expect(onRowClick).toHaveBeenCalledWith(rows[3]);
  });

  it("an estimated total says about, and Next follows whether the server has a next page", () => {
    const actor = createActor(dataTableMachine, { input: {} }).start();
    const rows = Array.from({ length: 15 }, (_, i) => ({ id: String(i), name: `Outlet ${i}` }));
    const table = (hasNext: boolean) => (
      <DataTable
        actor={actor}
        caption="Outlets"
        columns={columns}
        rows={rows}
        total={41_667}
        estimate={{ estimated: true, hasNext }}
        rowId={(r) => r.id}
        showRecordCount
      />
    );
    const { rerender } = render(table(true));
    expect(screen.getByText("Showing 1 - 15 of about 41667 Record(s)")).toBeTruthy();
    expect(screen.getByText("Page 1 of about 2778")).toBeTruthy();
    const next = () => screen.getByRole("button", { name: "Next" }) as HTMLButtonElement;
    expect(next().disabled).toBe(false);
    // The estimate said more pages, but no row follows this one: the list ends here.
    rerender(table(false));
    expect(next().disabled).toBe(true);
  });
});

describe("filter drawer", () => {
  it("shows the spinner while options load, then the 30-day alert", async () => {
    let release: (v: Record<string, readonly FilterOption[]>) => void = () => {};
    const actor = createActor(
      filterDrawerMachine.provide({
        actors: {
          loadOptions: fromPromise(
            () =>
              new Promise<Record<string, readonly FilterOption[]>>((r) => {
                release = r;
              }),
          ),
        },
      }),
      { input: {} },
    ).start();
    render(
      <FilterDrawer
        actor={actor}
        filters={[{ key: "invoice", label: "Invoice date", kind: "invoiceRange" }]}
      />,
    );
    expect(screen.queryByText("FilterList")).toBeNull();
    act(() => actor.send({ type: "drawer.open" }));
    expect(screen.getByText("FilterList")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Loading…");
    await act(async () => release({}));
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-01-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-03-01" } });
    expect(screen.getByRole("alert").textContent).toBe("To Date must be within 30 days of From Date");
    fireEvent.click(screen.getByRole("button", { name: "Apply Filter" }));
    expect(actor.getSnapshot().value).toBe("closed");
  });
});
