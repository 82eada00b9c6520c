import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import MobileApp from "./mobile/MobileApp";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("mobile.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <MobileApp />
  </StrictMode>,
);
