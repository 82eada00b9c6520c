/** The capture machines' effects, provided at the screen (view tests provide fakes). */
import { fromPromise } from "xstate";
import type {
  DraftSendOutcome,
  Location,
  OutletDraftFields,
  RsaFields,
  RsaSendOutcome,
} from "../../domain/fieldCapture";
import { sendOutletDraft, sendRsa } from "../../infra/api/fieldUser";
import { forgetDraft, keepDraft } from "../../infra/fieldDrafts";
import { runApi } from "../../infra/http";
import type { StoredDraft } from "../../machines/outletDraft";

/** The phone's position, asked fresh (a cached one may be of another shop). */
const locate = () =>
  new Promise<Location>((resolve, reject) => {
    if (!navigator.geolocation) return reject(new Error("No location on this device."));
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracy: Math.round(coords.accuracy),
        }),
      reject,
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  });

export const outletDraftImplementations = (user: string) => ({
  actors: {
    locate: fromPromise<Location, void>(locate),
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
