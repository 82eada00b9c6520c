/**
 * The Machines area's list: every machine of the registry (the one the charts and the graph tests
 * read, so the area cannot drift from them) with its description, states, events and the figures
 * the graph tests measured.
 */
import type { MachineCoverage } from "../../domain/machinesArea/machineCoverage";
import { machineEvents, machineStates, machineTransitions } from "../../machines/machinesArea/describe";
import { type MachineEntry, machineRegistry } from "../../machines/registry";
import coverage from "./coverage.json";

export type CatalogueEntry = {
  readonly id: string;
  readonly entry: MachineEntry;
  readonly description: string;
  readonly states: number;
  readonly events: readonly string[];
  readonly transitions: number;
  /** Null for a machine added since the figures were last written. */
  readonly coverage: MachineCoverage | null;
};

// Written from typed figures (tests/machines/coverage-page.ts); JSON imports lose the record type.
const FIGURES = coverage as unknown as readonly MachineCoverage[];

export const MACHINE_CATALOGUE: readonly CatalogueEntry[] = machineRegistry.map((entry) => ({
  id: entry.id,
  entry,
  description: entry.machine.root.description ?? "",
  states: machineStates(entry.machine).length,
  events: machineEvents(entry.machine),
  transitions: machineTransitions(entry.machine).length,
  coverage: FIGURES.find((f) => f.id === entry.id) ?? null,
}));

export const catalogueEntry = (id: string): CatalogueEntry | undefined =>
  MACHINE_CATALOGUE.find((m) => m.id === id);
