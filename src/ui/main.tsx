import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import App from "./App";
import { compose } from "./composition";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const services = compose();
createRoot(root).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
