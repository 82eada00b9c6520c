/**
 * A question's reference images (001 §3 Question `reference_images`): pictures of what the question
 * asks about, shown beside it in Survey Details so a reviewer can compare an answer with them
 * (docs/survey.md). They are image addresses, not stored files: an https:// address, or a path this
 * site serves (starting with one /). The questions uploads and the question screen take them and the
 * server checks them again, all with the rules below.
 */
import { Schema } from "effect";
import { QuestionId } from "../api/ids";
import { QUESTION_TYPES } from "./survey";

/** A handful of examples is what a reviewer compares with; more would crowd the question. */
export const MAX_REFERENCE_IMAGES = 5;
/** Long enough for any real image address (a signed, expiring one is no use here anyway). */
export const MAX_IMAGE_ADDRESS_LENGTH = 1000;

/** Addresses are separated by ";" as every list of the spec is, or written one per line. */
const SEPARATORS = /[;\r\n]+/;

/** An address as a message quotes it: cut so one long address does not drown the others. */
const quoted = (address: string) => (address.length > 60 ? `${address.slice(0, 57)}...` : address);

export const REFERENCE_IMAGE_MSG = {
  notAnAddress: (n: number, address: string) =>
    `Reference image ${n} (${quoted(address)}) is not an image address: give an https:// address or a path of this site starting with /.`,
  notHttps: (n: number, address: string) =>
    `Reference image ${n} (${quoted(address)}) is not served over https: give its https:// address.`,
  holdsSpace: (n: number, address: string) =>
    `Reference image ${n} (${quoted(address)}) holds a space: separate addresses with ; or a new line, and write a space inside an address as %20.`,
  tooLong: (n: number) => `Reference image ${n} is longer than ${MAX_IMAGE_ADDRESS_LENGTH} characters.`,
  repeated: (n: number, address: string) =>
    `Reference image ${n} (${quoted(address)}) repeats an earlier one.`,
  tooMany: (count: number) =>
    `A question takes at most ${MAX_REFERENCE_IMAGES} reference images; ${count} were given.`,
} as const;

/** The addresses written in an upload cell or the question screen's box, trimmed, blanks left out. */
export const splitReferenceImages = (text: string): string[] =>
  text
    .split(SEPARATORS)
    .map((a) => a.trim())
    .filter((a) => a !== "");

/** An address of another site: https only, as a page served over https shows no plain http image. */
function httpsAddress(address: string): boolean {
  if (!/^https:\/\//i.test(address)) return false;
  try {
    const url = new URL(address);
    // Credentials in an address would be shown to every reviewer and sent to the image's host.
    return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

/** A path of this site: one leading slash ("//host" would name another site), no backslash. */
function sitePath(address: string): boolean {
  if (!/^\/(?![/\\])/.test(address) || address.includes("\\")) return false;
  try {
    return new URL(address, "https://site.invalid").hostname === "site.invalid";
  } catch {
    return false;
  }
}

/** Why the nth address (counted from 1) cannot be a reference image, or null when it can. */
export function referenceImageProblem(address: string, n: number): string | null {
  if (address.length > MAX_IMAGE_ADDRESS_LENGTH) return REFERENCE_IMAGE_MSG.tooLong(n);
  if (/\s/.test(address)) return REFERENCE_IMAGE_MSG.holdsSpace(n, address);
  if (/^http:\/\//i.test(address)) return REFERENCE_IMAGE_MSG.notHttps(n, address);
  return httpsAddress(address) || sitePath(address) ? null : REFERENCE_IMAGE_MSG.notAnAddress(n, address);
}

/** Every problem of a question's list of reference images, in order; none when it may be stored. */
export function referenceImageProblems(addresses: readonly string[]): string[] {
  const problems: string[] = [];
  if (addresses.length > MAX_REFERENCE_IMAGES) problems.push(REFERENCE_IMAGE_MSG.tooMany(addresses.length));
  addresses.forEach((address, i) => {
    const problem =
      referenceImageProblem(address, i + 1) ??
      (addresses.indexOf(address) < i ? REFERENCE_IMAGE_MSG.repeated(i + 1, address) : null);
    if (problem) problems.push(problem);
  });
  return problems;
}

/** The reference images a text gives (an upload cell, the question screen's box), and every problem. */
export function readReferenceImages(text: string): { images: string[]; problems: string[] } {
  const images = splitReferenceImages(text);
  return { images, problems: referenceImageProblems(images) };
}

/** How a reference image is described to a reader: "Reference image 2 of Shop board visible?". */
export const referenceImageAlt = (question: string, n: number): string =>
  `Reference image ${n} of ${question}`;

/** The question screen's words. */
export const REFERENCE_IMAGES_LABEL = "Reference images (one address per line)";
export const REFERENCE_IMAGES_CHANGED =
  "This question's reference images were changed by someone else after you opened them. Reload to see the changes, then edit again.";
export const referenceImagesSaved = (question: string): string =>
  `The reference images of ${question} were saved.`;

/** A list that may be stored, as the question screen sends it (every problem at once). */
export const ReferenceImageList = Schema.Array(Schema.String).check(
  Schema.makeFilter((addresses: readonly string[]) => {
    const problems = referenceImageProblems(addresses);
    return problems.length === 0 ? true : problems;
  }),
);

/** A question as its screen shows it, with its reference images and their version. */
export const QuestionReferenceImages = Schema.Struct({
  id: QuestionId,
  name: Schema.String,
  type: Schema.Literals(QUESTION_TYPES),
  question_group: Schema.String,
  group_type: Schema.Literals(["general", "sku_group"]),
  reference_images: Schema.Array(Schema.String),
  version: Schema.Number,
});
export type QuestionReferenceImages = typeof QuestionReferenceImages.Type;

/** The question screen's save: the whole list, at the version read. */
export const ReferenceImagesSave = Schema.Struct({
  reference_images: ReferenceImageList,
  version: Schema.Number.check(Schema.isInt()),
});
export type ReferenceImagesSave = typeof ReferenceImagesSave.Type;
