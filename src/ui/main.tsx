import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App from "./App";
import { compose } from "./composition";
import "./styles.css";
// The sign-in pages' layout (./auth/AuthLayout) is styled from the entry's own stylesheet: a few
// hundred bytes there cost the login page less than a stylesheet request of its own.
import "./auth/authLayout.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const services = compose();
createRoot(root).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
