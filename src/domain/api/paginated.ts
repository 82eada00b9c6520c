/** The paginated list answer every list endpoint gives (spec 000 §3). */
import { Schema } from "effect";

/** A list answer without paging: its items under `results`. */
export const resultsOf = <S extends Schema.Top>(item: S) => Schema.Struct({ results: Schema.Array(item) });

export const paginated = <S extends Schema.Top>(item: S) =>
  Schema.Struct({
    results: Schema.Array(item),
    count: Schema.Number,
    previous: Schema.NullOr(Schema.String),
    next: Schema.NullOr(Schema.String),
    current_page_number: Schema.Number,
    page_size: Schema.Number,
  });

/**
 * A paginated answer whose count past a limit of matches is the database's estimate rather than a
 * count of every match (the outlet list at a million outlets): `count_is_estimate` says which, and
 * `next` is decided by whether a row follows the page, never by the count.
 */
export const paginatedWithEstimate = <S extends Schema.Top>(item: S) =>
  Schema.Struct({ ...paginated(item).fields, count_is_estimate: Schema.Boolean });
