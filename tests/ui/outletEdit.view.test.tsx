/**
 * The outletEdit machine's generated shortest paths, driven through the Edit Outlet Information
 * form: uploads and the submission answer through faked actors, the user's steps are typing,
 * leaving a field, choosing files and clicks, and after each step the form must show the values,
 * locks, images and messages of the machine's state.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fromPromise } from "xstate";
import {
  FIELD_LABELS,
  MASKED_FOR_RETAILER,
  type OutletEditData,
  PROOF_LABELS,
  type ProofKind,
} from "../../src/domain/outlets/outletEdit";
import type {
  OutletEditContext,
  OutletEditInput,
  SubmitOutcome,
  UploadOutcome,
} from "../../src/machines/outlets/outletEdit";
import OutletEditPanel from "../../src/ui/outlets/OutletEditPanel";
import { outletEditFixture } from "../machines/fixtures/outletEdit";
import { expectEveryStateReached, model, viewPaths } from "./machinePaths";

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
let pending: Record<"upload" | "submit", Deferred | null>;
const deferred = (key: keyof typeof pending) => () =>
  new Promise<never>((resolve, reject) => {
    pending[key] = { resolve: resolve as (v: unknown) => void, reject };
  });
const fakeActors = {
  uploadImage: fromPromise<UploadOutcome, { slug: string; kind: ProofKind; file: File }>(deferred("upload")),
  submitEdit: fromPromise<SubmitOutcome, { slug: string; data: OutletEditData }>(deferred("submit")),
};
let saved = 0;

beforeEach(() => {
  pending = { upload: null, submit: null };
  saved = 0;
});
afterEach(cleanup);

const paths = viewPaths(outletEditFixture).map((p) => ({
  input: p.input as OutletEditInput,
  steps: p.steps,
}));
const pan = () => screen.getByLabelText(new RegExp(`^${FIELD_LABELS.pan_number}`)) as HTMLInputElement;
const submit = () => screen.getByRole("button", { name: /^Submit/ }) as HTMLButtonElement;

async function perform(event: { type: string; [k: string]: unknown }) {
  const settle = (key: keyof typeof pending, ok: boolean) =>
    act(async () =>
      ok ? pending[key]?.resolve(event.output) : pending[key]?.reject(new Error("unexpected")),
    );
  switch (event.type) {
    case "field.change":
      fireEvent.change(pan(), { target: { value: event.value } });
      return;
    case "field.blur":
      fireEvent.blur(pan());
      return;
    case "image.add":
      fireEvent.change(screen.getByLabelText(PROOF_LABELS[event.kind as ProofKind]), {
        target: { files: [event.file] },
      });
      return;
    case "image.remove":
      fireEvent.click(screen.getAllByRole("button", { name: "Remove" })[0]!);
      return;
    case "submit":
      fireEvent.click(submit());
      return;
    case "xstate.done.actor.uploadImage":
      return settle("upload", true);
    case "xstate.error.actor.uploadImage":
      return settle("upload", false);
    case "xstate.done.actor.submitEdit":
      return settle("submit", true);
    case "xstate.error.actor.submitEdit":
      return settle("submit", false);
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

async function expectScreenFor(state: string, c: OutletEditContext) {
  const form = document.querySelector("form.outlet-edit");
  switch (state) {
    case "uploading":
    case "submitting":
      await waitFor(() => expect(form?.getAttribute("aria-busy")).toBe("true"));
      return;
    case "done":
      await waitFor(() => expect(saved).toBe(1));
      return;
    case "editing": {
      await waitFor(() => expect(form?.getAttribute("aria-busy")).toBe("false"));
      expect(pan().value).toBe(c.values.pan_number);
      expect(pan().readOnly).toBe(c.locked.includes("pan_number"));
      expect(screen.queryAllByAltText(/^PAN Card \d$/)).toHaveLength(c.images.pan_number_photo_proofs.length);
      const shown = [...document.querySelectorAll(".field-errors li")].map((li) => li.textContent);
      expect(shown).toEqual(Object.values(c.errors).flat());
      return;
    }
    default:
      throw new Error(`no screen check for state ${state}`);
  }
}

describe("the Edit Outlet Information form follows the outletEdit machine", () => {
  it("the paths driven here reach every state of the machine", () => {
    expectEveryStateReached(outletEditFixture, paths);
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" → "), p] as const))("%s", async (_name, {
    input,
    steps,
  }) => {
    render(
      <OutletEditPanel
        {...input}
        savingBlocked={false}
        onSaved={() => {
          saved += 1;
        }}
        actors={fakeActors}
      />,
    );
    const machine = model(outletEditFixture, input);
    for (const step of steps) {
      await perform(step.event);
      const snapshot = machine.step(step.event);
      await expectScreenFor(String(snapshot.value), snapshot.context as OutletEditContext);
    }
  });
});

describe("the retailer's edit form", () => {
  it("shows the account number and PAN masked, each with Replace to type a new one", async () => {
    const input = paths[0]!.input;
    const values = {
      ...input.values,
      account_number: "490930722015",
      pan_number: "RAJPD3973Y",
      gst_number: "",
    };
    render(
      <OutletEditPanel
        slug={input.slug}
        values={values}
        savingBlocked={false}
        onSaved={() => {}}
        actors={fakeActors}
        masked={MASKED_FOR_RETAILER}
      />,
    );
    const account = () =>
      screen.getByLabelText(new RegExp(`^${FIELD_LABELS.account_number}`)) as HTMLInputElement;
    expect(account().value).toBe("••••2015");
    expect(account().readOnly).toBe(true);
    expect(pan().value).toBe("••••973Y");
    expect(screen.queryByDisplayValue("490930722015")).toBeNull();
    expect(screen.queryByDisplayValue("RAJPD3973Y")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: `Replace ${FIELD_LABELS.account_number}` }));
    await waitFor(() => expect(account().value).toBe(""));
    expect(account().readOnly).toBe(false);
    fireEvent.change(account(), { target: { value: "123456789012" } });
    expect(account().value).toBe("123456789012");
  });
});
