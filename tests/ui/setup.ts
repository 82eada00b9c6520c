import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Screens load lazily; on a busy two-core CI machine the first import of a chunk can take over a
// second, and beside the browser suite a list's first answer and render took over five (the collected
// bills list, a clean run), so waiting queries get far more time than the library's one-second default.
configure({ asyncUtilTimeout: 10_000 });

// jest-dom is not used: tests assert with plain DOM queries.
afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
});
