/**
 * The field tools' machines driven through their screens: each generated shortest path of the
 * recoveryForm, recoveryRequest and dumpUpload fixtures is clicked and typed into the real form or
 * row (faked actors and lookups), and after each step the screen shows what the machine, run
 * beside it, holds: values, messages, buttons, dialogs and busy state.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fromPromise } from "xstate";
import type {
  RecoveryAction,
  RecoveryRequest,
  RecoverySubmission,
} from "../../src/domain/fieldTools/fieldTools";
import type { DumpUploadOutcome } from "../../src/machines/fieldTools/dumpUpload";
import type { RecoveryCreateOutcome } from "../../src/machines/fieldTools/recoveryForm";
import type { RecoveryActionOutcome } from "../../src/machines/fieldTools/recoveryRequest";
import { DumpUploadForm } from "../../src/ui/fieldTools/FieldAppDumpScreen";
import RecoveryActions from "../../src/ui/fieldTools/RecoveryActions";
import RecoveryForm from "../../src/ui/fieldTools/RecoveryForm";
import { dumpUploadFixture } from "../machines/fixtures/dumpUpload";
import { TODAY } from "../machines/fixtures/fieldToolSamples";
import { recoveryFormFixture } from "../machines/fixtures/recoveryForm";
import { recoveryRequestFixture } from "../machines/fixtures/recoveryRequest";
import { expectEveryStateReached, model, type ViewStep, viewPaths } from "./machinePaths";

const notified = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock("../../src/ui/notifications/useNotify", () => ({
  useNotify:
    () =>
    (...args: unknown[]) =>
      notified.calls.push(args),
}));

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
let pending: Record<string, Deferred | null>;
const deferred = <O, I>(name: string) =>
  fromPromise<O, I>(
    () =>
      new Promise((resolve, reject) => {
        pending[name] = { resolve: resolve as (v: unknown) => void, reject };
      }),
  );

beforeEach(() => {
  pending = {};
  notified.calls = [];
});
afterEach(cleanup);

/** An actor's answer, or its failure, as the server gives it. */
async function settle(event: ViewStep["event"]): Promise<boolean> {
  const actor = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (!actor) return false;
  const waiting = pending[actor[2]!];
  if (!waiting) throw new Error(`${actor[2]} is not running`);
  pending[actor[2]!] = null;
  await act(async () =>
    actor[1] === "done" ? waiting.resolve(event.output) : waiting.reject(new Error("down")),
  );
  return true;
}

/** The lookups every choice in the fixtures names, already read. */
function lookups(): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const named = (id: number, name: string) => [{ id, name }];
  client.setQueryData(["field-tools", "projects"], named(3, "Acme Retail Audit 2026-27"));
  for (const project of [null, 3])
    client.setQueryData(["field-tools", "sub-projects", project], named(5, "Acme Retail Audit"));
  for (const sub of [null, 5])
    client.setQueryData(["field-tools", "auditors", sub], named(8, "Ramesh Singh"));
  client.setQueryData(["field-tools", "field-auditors"], named(3, "Ramesh Singh"));
  return client;
}
const wrap = (client: QueryClient, children: ReactNode) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

const control = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`)) as HTMLInputElement;
const change = (label: string, value: unknown) => fireEvent.change(control(label), { target: { value } });
const shownErrors = () =>
  [...document.querySelectorAll(".field-errors li")].map((li) => li.textContent ?? "").sort();
const sorted = (list: (string | null | undefined)[]) => list.filter((x): x is string => !!x).sort();

describe("the recovery form follows the recoveryForm machine", () => {
  const paths = viewPaths(recoveryFormFixture);
  it("the paths driven here reach every state of the machine", () =>
    expectEveryStateReached(recoveryFormFixture, paths));

  it.each(
    paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p.steps] as const),
  )("%s", async (_name, steps) => {
    const createRecovery = deferred<RecoveryCreateOutcome, RecoverySubmission>("createRecovery");
    const sent = vi.fn();
    render(wrap(lookups(), <RecoveryForm onSent={sent} actors={{ createRecovery }} today={() => TODAY} />));
    const machine = model(recoveryFormFixture);
    for (const step of steps) {
      const e = step.event as Record<string, unknown> & { type: string };
      if (!(await settle(e))) {
        await act(async () => {
          if (e.type === "field.project") change("Project", e.id === null ? "" : String(e.id));
          else if (e.type === "field.subProject") change("Sub Project", e.id === null ? "" : String(e.id));
          else if (e.type === "field.auditor") change("Auditor", e.id === null ? "" : String(e.id));
          else if (e.type === "field.rsids") change("RSID List", e.text);
          else if (e.type === "field.date") change("Date", e.date);
          else if (e.type === "form.submit") fireEvent.click(screen.getByRole("button", { name: "Submit" }));
        });
      }
      const s = machine.step(e);
      const { values, errors, serverMessage } = s.context as typeof s.context & {
        values: {
          projectId: number | null;
          subProjectId: number | null;
          auditorId: number | null;
          rsidText: string;
          dateUploaded: string;
        };
        errors: Record<string, string>;
        serverMessage: string | null;
      };
      expect(control("Project").value).toBe(values.projectId === null ? "" : String(values.projectId));
      expect(control("Sub Project").value).toBe(
        values.subProjectId === null ? "" : String(values.subProjectId),
      );
      expect(control("Auditor").value).toBe(values.auditorId === null ? "" : String(values.auditorId));
      expect(control("RSID List").value).toBe(values.rsidText);
      expect(control("Date").value).toBe(values.dateUploaded);
      expect(shownErrors()).toEqual(sorted([...Object.values(errors), serverMessage]));
      expect(screen.getByRole("button", { name: "Submit" }).getAttribute("aria-busy")).toBe(
        String(s.hasTag("busy")),
      );
    }
    const sentTimes = steps.filter(
      (st) =>
        st.event.type === "xstate.done.actor.createRecovery" &&
        (st.event as unknown as { output: { type: string } }).output.type === "sent",
    ).length;
    expect(sent).toHaveBeenCalledTimes(sentTimes);
  });
});

describe("a recovery row follows the recoveryRequest machine", () => {
  const paths = viewPaths(recoveryRequestFixture);
  it("the paths driven here reach every state of the machine", () =>
    expectEveryStateReached(recoveryRequestFixture, paths));

  it.each(
    paths.map(
      (p) =>
        [
          `${(p.input as { request: RecoveryRequest }).request.status}: ${p.steps.map((s) => s.event.type).join(" → ")}`,
          p,
        ] as const,
    ),
  )("%s", async (_name, path) => {
    const runAction = deferred<RecoveryActionOutcome, { id: number; action: RecoveryAction }>("runAction");
    const changed = vi.fn();
    const client = lookups();
    const input = path.input as { request: RecoveryRequest };
    render(
      wrap(client, <RecoveryActions request={input.request} onChanged={changed} actors={{ runAction }} />),
    );
    const machine = model(recoveryRequestFixture, input);
    for (const step of path.steps) {
      const e = step.event as Record<string, unknown> & { type: string };
      if (!(await settle(e))) {
        await act(async () => {
          if (e.type === "request.confirm")
            fireEvent.click(screen.getByRole("button", { name: /^Confirm request/ }));
          else if (e.type === "request.cancel")
            fireEvent.click(screen.getByRole("button", { name: /^Cancel request/ }));
          else if (e.type === "dialog.accept") {
            const dialog = screen.getByRole("dialog");
            fireEvent.click(within(dialog).getByRole("button", { name: /^(Confirm|Cancel) recovery$/ }));
          } else if (e.type === "dialog.dismiss") {
            const dialog = screen.getByRole("dialog");
            fireEvent.click(within(dialog).getByRole("button", { name: /^(Not now|Keep request)$/ }));
          } else if (e.type === "request.updated")
            // The recovery table reads a page holding the request again.
            client.setQueryData(["field-tools", "recoveries", { page: 1, pageSize: 50 }, ""], {
              results: [e.request],
              count: 1,
              previous: null,
              next: null,
            });
        });
      }
      const s = machine.step(e);
      const ctx = s.context as { request: RecoveryRequest; pending: string | null };
      const enabled = screen
        .queryAllByRole("button", { name: /request \d+$/ })
        .filter((b) => b.getAttribute("aria-disabled") !== "true")
        .map((b) => b.textContent);
      expect(enabled).toEqual(
        [
          s.can({ type: "request.confirm" }) ? "Confirm" : null,
          s.can({ type: "request.cancel" }) ? "Cancel" : null,
        ].filter(Boolean),
      );
      if (s.matches("asking"))
        expect(
          screen.getByRole("dialog", {
            name: ctx.pending === "confirm" ? "Confirm recovery" : "Cancel recovery",
          }),
        ).toBeTruthy();
      else expect(screen.queryByRole("dialog")).toBeNull();
    }
  });
});

describe("the dump upload form follows the dumpUpload machine", () => {
  const paths = viewPaths(dumpUploadFixture);
  it("the paths driven here reach every state of the machine", () =>
    expectEveryStateReached(dumpUploadFixture, paths));

  it.each(
    paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p.steps] as const),
  )("%s", async (_name, steps) => {
    const uploadDump = deferred<DumpUploadOutcome, { file: File; fieldAppUser: number }>("uploadDump");
    const uploaded = vi.fn();
    render(wrap(lookups(), <DumpUploadForm onUploaded={uploaded} actors={{ uploadDump }} />));
    const machine = model(dumpUploadFixture);
    for (const step of steps) {
      const e = step.event as Record<string, unknown> & { type: string };
      if (!(await settle(e))) {
        await act(async () => {
          if (e.type === "field.file")
            fireEvent.change(control("Dump file"), { target: { files: e.file ? [e.file] : [] } });
          else if (e.type === "field.user") change("Field App User", e.id === null ? "" : String(e.id));
          else if (e.type === "form.submit") fireEvent.click(screen.getByRole("button", { name: "Upload" }));
        });
      }
      const s = machine.step(e);
      const ctx = s.context as {
        fieldAppUser: number | null;
        errors: Record<string, string>;
        serverMessage: string | null;
      };
      expect(control("Field App User").value).toBe(ctx.fieldAppUser === null ? "" : String(ctx.fieldAppUser));
      expect(shownErrors()).toEqual(sorted([...Object.values(ctx.errors), ctx.serverMessage]));
      expect(screen.getByRole("button", { name: "Upload" }).getAttribute("aria-busy")).toBe(
        String(s.hasTag("busy")),
      );
    }
  });
});
