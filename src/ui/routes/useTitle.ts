import { useEffect } from "react";
import { PRODUCT_NAME } from "../shell/layout";

/** The browser tab's title for the page shown. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}
