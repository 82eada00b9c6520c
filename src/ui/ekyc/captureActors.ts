/** The capture machines' effects, provided at the screen (view tests provide fakes). */
import { fromPromise } from "xstate";
import type {
  DraftSendOutcome,
  Location,
  OutletDraftFields,
  RsaFields,
  RsaSendOutcome,
} from "../../domain/ekyc/fieldCapture";
import { sendOutletDraft, sendRsa } from "../../infra/api/fieldUser";
import { forgetDraft, keepDraft } from "../../infra/fieldDrafts";
import { runApi } from "../../infra/http";
import type { StoredDraft } from "../../machines/ekyc/outletDraft";
import { locate } from "./phoneLocation";

export const outletDraftImplementations = (user: string) => ({
  actors: {
    locate: fromPromise<Location, void>(({ signal }) => locate(signal)),
    sendDraft: fromPromise<DraftSendOutcome, { key: string; fields: OutletDraftFields }>(
      ({ input, signal }) => runApi(sendOutletDraft(input.key, input.fields), { signal }),
    ),
  },
  actions: {
    keepDraft: (_: unknown, draft: StoredDraft) => keepDraft(user, draft),
    forgetDraft: (_: unknown, { key }: { key: string }) => forgetDraft(user, key),
  },
});

export const rsaFormActors = {
  sendRsa: fromPromise<RsaSendOutcome, { rsid: string; fields: RsaFields }>(({ input, signal }) =>
    runApi(sendRsa(input.rsid, input.fields), { signal }),
  ),
};
