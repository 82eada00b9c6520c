/** Merging one city into another (000 §2.1 merge-cities): what is asked and what is said. */
import { addFieldError, type FieldErrors } from "../shared/requestInput";

export const CHOOSE_CITY = "Choose a city.";
export const SAME_CITY = "Choose two different cities.";

/** The field lines of a merge request, or null when it may run. */
export function cityMergeProblems(from: number | null, into: number | null): FieldErrors | null {
  const errors: FieldErrors = {};
  if (from === null) addFieldError(errors, "from", CHOOSE_CITY);
  if (into === null) addFieldError(errors, "into", CHOOSE_CITY);
  if (from !== null && from === into) addFieldError(errors, "into", SAME_CITY);
  return Object.keys(errors).length > 0 ? errors : null;
}

export const citiesMerged = (merged: string, kept: string, outlets: number): string =>
  `${merged} was merged into ${kept}; ${outlets} outlet${outlets === 1 ? "" : "s"} moved.`;

/** Asked before a merge runs: it cannot be undone (the product's words). */
export const MERGE_QUESTION = "Merge these cities?";

/** What the merge will do, said before it runs; a city of many outlets has its count estimated. */
export const mergeWillMove = (merged: string, kept: string, outlets: number, estimated = false): string =>
  estimated
    ? `${merged} will be deleted and its outlets (about ${outlets}) moved to ${kept}. This cannot be undone.`
    : `${merged} will be deleted and its ${outlets} outlet${outlets === 1 ? "" : "s"} moved to ${kept}. This cannot be undone.`;
