/** The paginated list answer every list endpoint gives (spec 000 §3). */
import { Schema } from "effect";

export const paginated = <S extends Schema.Top>(item: S) =>
  Schema.Struct({
    results: Schema.Array(item),
    count: Schema.Number,
    previous: Schema.NullOr(Schema.String),
    next: Schema.NullOr(Schema.String),
    current_page_number: Schema.Number,
    page_size: Schema.Number,
  });
