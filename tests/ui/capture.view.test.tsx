/**
 * The capture machines' paths driven through their screens (docs/field-user.md): the new outlet's
 * form (outletDraft) and the retailer service agreement's form (rsaForm), with faked location,
 * sending and photo reading; after each step the screen shows what the machine's state means.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fromPromise } from "xstate";
import { DRAFT_KEPT_OFFLINE, type Photo } from "../../src/domain/ekyc/fieldCapture";
import type { OutletDraftContext, OutletDraftInput } from "../../src/machines/ekyc/outletDraft";
import type { RsaFormContext } from "../../src/machines/ekyc/rsaForm";
import { OutletDraftForm } from "../../src/ui/ekyc/OutletDraftForm";
import { RsaFormScreen } from "../../src/ui/ekyc/RsaScreens";
import { queryClient } from "../../src/ui/queryClient";
import { outletDraftFixture } from "../machines/fixtures/outletDraft";
import { rsaFormFixture } from "../machines/fixtures/rsaForm";
import { expectEveryStateReached, model, type ViewStep, viewPaths } from "./machinePaths";

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown };
let pending: Record<string, Deferred>;
const deferred = (name: string) =>
  fromPromise<never, unknown>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        pending[name] = { resolve: resolve as (v: unknown) => void, reject, input };
      }),
  );
let kept: unknown[];
let nextPhoto: Photo | null;
const readPhoto = async () => nextPhoto!;

const OPTIONS = {
  sub_projects: [
    {
      slug: "acme-kyc-main",
      name: "Main",
      project: "Acme KYC",
      places: [{ id: "3-7", city: "Kochi", state: "Kerala", territory: "Kochi Central" }],
    },
  ],
};
const RSA = {
  rsid: "RS9100001",
  outlet: "Sai Kirana Corner",
  status: null,
  signatory_name: null,
  signatory_phone: null,
  signed_on: null,
  submitted: null,
  photos: 0,
};

beforeEach(() => {
  pending = {};
  kept = [];
  nextPhoto = null;
  vi.stubGlobal("fetch", async (input: string) => {
    const url = new URL(input, "http://localhost");
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (url.pathname.endsWith("/my-track/capture/options/")) return json(OPTIONS);
    if (url.pathname.endsWith("/my-track/outlets/RS9100001/rsa/")) return json(RSA);
    return new Response(JSON.stringify({ detail: "Not found." }), { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** Sends an event through the screen: the control that sends it, or the faked actor's answer. */
async function perform(event: ViewStep["event"], submit: string) {
  const type = event.type;
  if (type === "field.change") {
    const field = event.field as string;
    const control = document.getElementById(`${submit === "rsa" ? "rsa" : "draft"}-${field}`)!;
    fireEvent.change(control, { target: { value: event.value } });
  } else if (type === "agreed.change") fireEvent.click(screen.getByRole("checkbox"));
  else if (type === "photo.add") {
    nextPhoto = event.photo as Photo;
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Take a photo"), {
        target: { files: [new File(["x"], "p.jpg")] },
      });
    });
  } else if (type === "photo.remove")
    fireEvent.click(screen.getByRole("button", { name: `Remove photo ${(event.index as number) + 1}` }));
  else if (type === "locate") fireEvent.click(screen.getByRole("button", { name: "Use my location" }));
  else if (type === "send") fireEvent.submit(document.querySelector("form")!);
  else
    await act(async () => {
      const actor = /actor\.(\w+)$/.exec(type)![1]!;
      if (type.startsWith("xstate.done")) pending[actor]?.resolve((event as { output?: unknown }).output);
      else pending[actor]?.reject(new Error("unexpected"));
    });
}

const draftPaths = viewPaths(outletDraftFixture);

function expectDraftScreen(snapshot: ReturnType<ReturnType<typeof model>["step"]>) {
  const c = snapshot.context as OutletDraftContext;
  const state = String(snapshot.value);
  if (state === "sent") {
    expect(screen.getByRole("heading", { name: "Outlet added" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(`${c.outlet!.rsid} · QC Pending`);
    return;
  }
  const name = screen.getByLabelText("Outlet name") as HTMLInputElement;
  expect(name.value).toBe(c.fields.name);
  expect(name.disabled).toBe(state !== "editing");
  expect(screen.queryAllByRole("img")).toHaveLength(c.fields.photos.length);
  for (const problem of Object.values(c.problems))
    expect(screen.getAllByText(problem!).length).toBeGreaterThan(0);
  const alerts = screen.queryAllByRole("alert").map((a) => a.textContent);
  expect(alerts).toEqual([
    ...(c.detail ? [c.detail] : []),
    ...(state === "offline" ? [DRAFT_KEPT_OFFLINE] : []),
  ]);
  const submit = screen.getByRole("button", { name: /^(Send|Sending…|Send again)$/ });
  expect(submit.textContent).toBe(
    state === "sending" ? "Sending…" : state === "offline" ? "Send again" : "Send",
  );
  if (state === "sending") expect(pending.sendDraft?.input).toEqual({ key: c.key, fields: c.fields });
}

describe("the new outlet's form follows the outletDraft machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(outletDraftFixture, draftPaths);
  });

  it.each(
    draftPaths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const),
  )("%s", async (_n, { input, steps }) => {
    const machine = model(outletDraftFixture, input);
    render(
      <QueryClientProvider client={queryClient}>
        <Router hook={memoryLocation({ path: "/eMyTrack/add-new" }).hook}>
          <OutletDraftForm
            user="auditor.9000000001"
            input={input as OutletDraftInput}
            readPhoto={readPhoto}
            implementations={{
              actors: { locate: deferred("locate"), sendDraft: deferred("sendDraft") } as never,
              actions: {
                keepDraft: (_: unknown, d: unknown) => kept.push(d),
                forgetDraft: () => {},
              } as never,
            }}
          />
        </Router>
      </QueryClientProvider>,
    );
    expectDraftScreen(machine.initial);
    for (const step of steps) {
      await perform(step.event, "draft");
      const expected = machine.step(step.event);
      await waitFor(() => expectDraftScreen(expected));
    }
  });

  it("keeps each change on the phone", async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <Router hook={memoryLocation({ path: "/eMyTrack/add-new" }).hook}>
          <OutletDraftForm
            user="auditor.9000000001"
            input={{ key: "k", fields: outletDraftFixture.inputs![0]!.fields, attempted: false }}
            readPhoto={readPhoto}
            implementations={{ actions: { keepDraft: (_: unknown, d: unknown) => kept.push(d) } as never }}
          />
        </Router>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText("Owner name"), { target: { value: "Anita Rao" } });
    expect(kept).toEqual([
      {
        key: "k",
        fields: { ...outletDraftFixture.inputs![0]!.fields, owner_name: "Anita Rao" },
        attempted: false,
      },
    ]);
  });
});

const rsaPaths = viewPaths(rsaFormFixture);

function expectRsaScreen(snapshot: ReturnType<ReturnType<typeof model>["step"]>) {
  const c = snapshot.context as RsaFormContext;
  const state = String(snapshot.value);
  if (state === "sent") {
    expect(screen.getByText("Agreement sent for verification.")).toBeTruthy();
    expect(screen.getByText(`${c.sent!.outlet} · Pending verification`)).toBeTruthy();
    return;
  }
  const name = screen.getByLabelText("Signed by (retailer's name)") as HTMLInputElement;
  expect(name.value).toBe(c.fields.signatory_name);
  expect((screen.getByRole("checkbox") as HTMLInputElement).checked).toBe(c.fields.agreed);
  expect(screen.queryAllByRole("img")).toHaveLength(c.fields.photos.length);
  for (const problem of Object.values(c.problems))
    expect(screen.getAllByText(problem!).length).toBeGreaterThan(0);
  expect(screen.queryAllByRole("alert").map((a) => a.textContent)).toEqual(c.detail ? [c.detail] : []);
  expect(screen.getByRole("button", { name: /^(Sending…|Send for verification)$/ }).textContent).toBe(
    state === "sending" ? "Sending…" : "Send for verification",
  );
}

describe("the retailer service agreement's form follows the rsaForm machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(rsaFormFixture, rsaPaths);
  });

  it.each(rsaPaths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_n, {
    input,
    steps,
  }) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2024-06-30T06:00:00Z"));
    const machine = model(rsaFormFixture, input);
    render(
      <QueryClientProvider client={queryClient}>
        <Router hook={memoryLocation({ path: "/eMyTrack/rsa-form?outlet=RS9100001" }).hook}>
          <RsaFormScreen actors={{ sendRsa: deferred("sendRsa") as never }} readPhoto={readPhoto} />
        </Router>
      </QueryClientProvider>,
    );
    await screen.findByLabelText("Signed by (retailer's name)");
    expectRsaScreen(machine.initial);
    for (const step of steps) {
      await perform(step.event, "rsa");
      const expected = machine.step(step.event);
      await waitFor(() => expectRsaScreen(expected));
    }
    vi.useRealTimers();
  });
});
