/**
 * A History row whose confirm or cancel lost a race to another request: the server's 409 comes back
 * to the row as a refusal with the server's words, so the row says what happened and reloads the list.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, toPromise } from "xstate";
import { UPLOAD_MSG, uploadCancelledByConfirm } from "../../src/domain/uploads/bulkUpload";
import { jobRowActors } from "../../src/ui/uploads/uploadActors";
import { fakeFetch } from "../infra/fakes";
import { sampleJob } from "../machines/fixtures/samples";

afterEach(() => {
  vi.unstubAllGlobals();
});

const runAction = (action: "confirm" | "cancel") =>
  toPromise(
    createActor(jobRowActors("regions", {}).runAction, { input: { job: sampleJob, action } }).start(),
  );

describe("a confirm or cancel that lost a race", () => {
  it("gives the 409's detail as a refusal, for confirm and for cancel", async () => {
    fakeFetch({ status: 409, body: { detail: uploadCancelledByConfirm(41) } });
    expect(await runAction("confirm")).toEqual({
      type: "refused",
      detail: "Cancelled when upload 41 was confirmed.",
    });
    fakeFetch({ status: 409, body: { detail: UPLOAD_MSG.alreadyConfirmed } });
    expect(await runAction("cancel")).toEqual({ type: "refused", detail: UPLOAD_MSG.alreadyConfirmed });
  });

  it("still fails on a server error, which is not a refusal", async () => {
    fakeFetch({ status: 500, body: { detail: "Something went wrong on the server." } });
    await expect(runAction("confirm")).rejects.toMatchObject({ _tag: "HttpError", status: 500 });
  });
});
