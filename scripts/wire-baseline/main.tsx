/** The bytes-on-the-wire baseline (scripts/bench-wire.ts): React 19 and a button, nothing else. */
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";

function Baseline() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Pressed {count} times
    </button>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Baseline />
  </StrictMode>,
);
