/**
 * The retailer edits their own outlet's store, bank and tax details with proof images: the same
 * form and outletEdit machine as staff use, sending to the retailer's own calls. What is sent becomes
 * pending retailer master requests, decided by QC in the outlet review (docs/retailer-portal.md).
 */
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useLocation, useSearch } from "wouter";
import { fromPromise } from "xstate";
import { retailerPagePath } from "../../domain/mobile/mobile";
import {
  type EditValues,
  MASKED_FOR_RETAILER,
  type OutletEditData,
  type ProofKind,
  TEXT_FIELDS,
} from "../../domain/outlets/outletEdit";
import { PENDING_RETAILER_EDITS } from "../../domain/outlets/retailerRequests";
import { retailerEditQuery } from "../../infra/api/mobile";
import { submitOwnOutletEdit, uploadOwnProofImage } from "../../infra/api/retailerRequests";
import { runApi } from "../../infra/http";
import type { SubmitOutcome, UploadOutcome } from "../../machines/outlets/outletEdit";
import OutletEditPanel from "../outlets/OutletEditPanel";
import { queryClient } from "../queryClient";
import { Spinner } from "../widgets/Controls";
import { MobileFrame } from "./MobilePages";
import "../outlets/outlets.css";

/** The edit's side effects against the retailer's own outlet. */
export const retailerEditActors = (rsid: string) => ({
  uploadImage: fromPromise<UploadOutcome, { slug: string; kind: ProofKind; file: File }>(
    ({ input, signal }) => runApi(uploadOwnProofImage(rsid, input.kind, input.file), { signal }),
  ),
  submitEdit: fromPromise<SubmitOutcome, { slug: string; data: OutletEditData }>(({ input, signal }) =>
    runApi(submitOwnOutletEdit(rsid, input.data), { signal }),
  ),
});

function EditScreen() {
  const rsid = new URLSearchParams(useSearch()).get("rsid") ?? "";
  const [, navigate] = useLocation();
  const start = useQuery(retailerEditQuery(rsid));
  const back = retailerPagePath("home", rsid);
  const values = start.data
    ? (Object.fromEntries(TEXT_FIELDS.map((f) => [f, start.data.values[f] ?? ""])) as EditValues)
    : null;
  return (
    <MobileFrame title="Edit details" back={back}>
      {start.isPending ? <Spinner /> : null}
      {start.data?.pending ? (
        <p className="mobile-empty" role="alert">
          {PENDING_RETAILER_EDITS}
        </p>
      ) : null}
      {values ? (
        <OutletEditPanel
          slug={rsid}
          values={values}
          savingBlocked={start.data?.pending ?? true}
          onSaved={() => {
            void queryClient.invalidateQueries({ queryKey: ["retailer", rsid] });
            navigate(back);
          }}
          actors={retailerEditActors(rsid)}
          masked={MASKED_FOR_RETAILER}
        />
      ) : null}
    </MobileFrame>
  );
}

export function RetailerEdit() {
  return (
    <QueryClientProvider client={queryClient}>
      <EditScreen />
    </QueryClientProvider>
  );
}
