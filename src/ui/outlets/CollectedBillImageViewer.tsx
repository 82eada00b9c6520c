/**
 * The invoice image viewer (spec 001 §2.3; 002 §8), opened in a new tab from Collected Bills at
 * /dashboard/collected-bill-image-viewer/{workflow_object_id}: each invoice of the workflow object
 * with a section per image kind (invoice, SKU, add-on SKU), each image captioned with its name.
 * The empty texts are the spec's: "No images found for the invoice" for an invoice (or an outlet)
 * with none at all, "No Invoice Images", "No SKU Images", "No Add On SKU Images" for an empty
 * kind, "No Name Available" for an image without a name. A workflow object the caller may not see
 * is not found, exactly like one that does not exist.
 */
import { skipToken, useQuery } from "@tanstack/react-query";
import { Link, useParams } from "wouter";
import {
  hasInvoiceImages,
  IMAGE_SECTIONS,
  imageCaption,
  NO_IMAGES_FOR_INVOICE,
} from "../../domain/invoices/invoices";
import { decodeRowId } from "../../domain/shared/requestInput";
import { loadInvoiceImages } from "../../infra/api/collectedBills";
import { errorStatus, isApiError, runApi } from "../../infra/http";
import NotFound from "../errors/NotFound";
import Loading from "../shell/Loading";
import "./outlets.css";

export default function CollectedBillImageViewer() {
  const { workflow_object_id = "" } = useParams<{ workflow_object_id?: string }>();
  const id = decodeRowId(workflow_object_id);
  const read = useQuery({
    queryKey: ["invoices", "images", id],
    queryFn: id === null ? skipToken : ({ signal }) => runApi(loadInvoiceImages(id), { signal }),
  });
  if (id === null) return <NotFound />;
  if (read.isPending) return <Loading />;
  if (read.isError) {
    if (isApiError(read.error) && errorStatus(read.error) === 404) return <NotFound />;
    return (
      <div className="page">
        <p role="alert" className="notice">
          The invoice images could not be loaded.
        </p>
        <button type="button" className="button" onClick={() => void read.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  const { outlet, invoices } = read.data;
  return (
    <div className="page invoice-image-viewer">
      <h1>Collected bill images</h1>
      <p>
        <Link href={`/dashboard/view/${encodeURIComponent(outlet.rsid)}`}>
          {outlet.name} ({outlet.rsid})
        </Link>
      </p>
      {invoices.length === 0 && <p className="notice">{NO_IMAGES_FOR_INVOICE}</p>}
      {invoices.map((invoice) => (
        <section key={invoice.id} className="card" aria-label={`Invoice ${invoice.invoice_no}`}>
          <h2>
            {invoice.invoice_no}
            {invoice.invoice_date && <small> · {invoice.invoice_date}</small>}
          </h2>
          {hasInvoiceImages(invoice) ? (
            IMAGE_SECTIONS.map((section) => {
              const images = invoice.images[section.kind];
              return (
                <section key={section.kind} aria-label={`${invoice.invoice_no} ${section.title}`}>
                  <h3>{section.title}</h3>
                  {images.length === 0 ? (
                    <p className="muted">{section.empty}</p>
                  ) : (
                    <ul className="invoice-image-tiles">
                      {images.map((image) => (
                        <li key={image.id}>
                          <figure>
                            <a href={image.url} target="_blank" rel="noreferrer">
                              <img src={image.url} alt={imageCaption(image)} loading="lazy" />
                            </a>
                            <figcaption>{imageCaption(image)}</figcaption>
                          </figure>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              );
            })
          ) : (
            <p className="muted">{NO_IMAGES_FOR_INVOICE}</p>
          )}
        </section>
      ))}
    </div>
  );
}
