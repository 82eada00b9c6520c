/**
 * Merging cities cannot be undone: before it runs, the dialog says which city is deleted, where
 * its outlets go and how many move.
 */
import { useQuery } from "@tanstack/react-query";
import { cityMergeProblems, MERGE_QUESTION, mergeWillMove } from "../../domain/admin/cityMerge";
import type { Values } from "../../domain/admin/resource";
import { outletListingQuery } from "../../domain/outlets/outletListing";
import { listOutlets } from "../../infra/api/outlets";
import { runApi } from "../../infra/http";
import { modalMachine } from "../../machines/shared/modal";
import { useLiveActorRef } from "../live/liveActors";
import { LoadingButton } from "../widgets/Controls";
import Modal from "../widgets/Modal";
import { useOptionsQuery } from "./adminQueries";

const idOf = (value: Values[string]): number | null => (typeof value === "number" ? value : null);

/** The question for these values, or null when the form's own checks should answer instead. */
export function askBeforeMerging(values: Values, answer: (go: boolean) => void) {
  const from = idOf(values.from ?? null);
  const into = idOf(values.into ?? null);
  if (from === null || into === null || cityMergeProblems(from, into) !== null) return null;
  return <CityMergeDialog from={from} into={into} answer={answer} />;
}

function CityMergeDialog({
  from,
  into,
  answer,
}: {
  from: number;
  into: number;
  answer: (go: boolean) => void;
}) {
  const modal = useLiveActorRef(modalMachine.provide({ actions: { closed: () => answer(false) } }), {
    input: { open: true },
  });
  const cities = useOptionsQuery("cities", null);
  const moving = useQuery({
    queryKey: ["admin", "city-merge", "outlets", from],
    queryFn: () =>
      runApi(
        listOutlets(
          outletListingQuery(
            [
              ["city", String(from)],
              ["page-size", "1"],
            ],
            false,
          ),
        ),
      ),
  });
  const name = (id: number) => cities.data?.find((c) => c.id === id)?.label ?? "";
  const ready = cities.data !== undefined && moving.data !== undefined;
  return (
    <Modal
      actor={modal}
      title={MERGE_QUESTION}
      width={460}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={() => answer(false)}>
            Keep both
          </button>
          <LoadingButton loading={!ready} disabled={!ready} onClick={() => answer(true)}>
            Merge
          </LoadingButton>
        </>
      }
    >
      {ready ? (
        <p>{mergeWillMove(name(from), name(into), moving.data.count, moving.data.count_is_estimate)}</p>
      ) : moving.isError ? (
        <p role="alert">The outlets of this city could not be counted.</p>
      ) : (
        <p>Counting the outlets that move…</p>
      )}
    </Modal>
  );
}
