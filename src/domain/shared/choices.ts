/** Choices are written separated by ";" everywhere in the spec (002 §3, §5). */
export const CHOICE_SEPARATOR = ";";

/** The choices of a ";"-separated list, trimmed, empty ones left out. */
export const splitChoices = (choices: string | undefined): string[] =>
  (choices ?? "")
    .split(CHOICE_SEPARATOR)
    .map((c) => c.trim())
    .filter((c) => c !== "");
