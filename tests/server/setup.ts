/** Each server or reliability test file fails when its servers answered any request with a 500. */
import { afterAll } from "vitest";
import { failOnServerErrors } from "./serverErrors";

// Registered before the file's own hooks, so it runs after them (hooks unwind like a stack).
afterAll(failOnServerErrors);
