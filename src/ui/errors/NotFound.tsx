import { Link } from "wouter";
import { MSG } from "../../domain/shared/messages";

export type NotFoundProps = {
  /** True for a page of the product whose screen is not built yet; false for an address with no page. */
  planned?: boolean;
};

/** The honest answer for a page that does not exist yet, or at all. */
export default function NotFound({ planned = false }: NotFoundProps) {
  return (
    <section className="notice" aria-labelledby="not-found-title">
      <p className="notice-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page not found</h1>
      <p>
        {planned
          ? "This page is part of the product, but it does not exist yet."
          : "There is no page at this address. Check the link, or start again from the home page."}
      </p>
      <Link href="/" className="button">
        {MSG.goBackHome}
      </Link>
    </section>
  );
}
