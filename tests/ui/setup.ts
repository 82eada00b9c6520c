import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Screens load lazily; on a busy two-core CI machine the first import of a chunk can take over a
// second, so waiting queries get more time than the library's one-second default.
configure({ asyncUtilTimeout: 5000 });

// jest-dom is not used: tests assert with plain DOM queries.
afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
});
