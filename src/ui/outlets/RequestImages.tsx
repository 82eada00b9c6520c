/**
 * A request's images (spec 001 §2.6): each thumbnail has a magnifier lens (3 times), and the chosen
 * image opens in the viewer, zoomed in and out in steps of 0.4. 'No Images Available' when none.
 */
import { useState } from "react";
import { MAGNIFIER_SCALE, NO_IMAGES, VIEWER_ZOOM_STEP } from "../../domain/outlets/retailerRequests";

const LENS_PX = 120;

function Magnified({ src, alt, onOpen }: { src: string; alt: string; onOpen: () => void }) {
  // Where the pointer is over the picture, as fractions: presentation only, no lifecycle.
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  return (
    <button
      type="button"
      className="request-image"
      onClick={onOpen}
      onMouseMove={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        setAt({ x: (e.clientX - box.left) / box.width, y: (e.clientY - box.top) / box.height });
      }}
      onMouseLeave={() => setAt(null)}
    >
      <img src={src} alt={alt} />
      {at && (
        <span
          className="request-image-lens"
          aria-hidden="true"
          style={{
            width: LENS_PX,
            height: LENS_PX,
            left: `calc(${at.x * 100}% - ${LENS_PX / 2}px)`,
            top: `calc(${at.y * 100}% - ${LENS_PX / 2}px)`,
            backgroundImage: `url("${src}")`,
            backgroundSize: `${MAGNIFIER_SCALE * 100}%`,
            backgroundPosition: `${at.x * 100}% ${at.y * 100}%`,
          }}
        />
      )}
    </button>
  );
}

export default function RequestImages({ images }: { images: readonly { id: number; image: string }[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  if (images.length === 0) return <p>{NO_IMAGES}</p>;
  return (
    <div className="request-images">
      <div className="request-image-list">
        {images.map((img, i) => (
          <Magnified
            key={img.id}
            src={img.image}
            alt={`Proof ${i + 1}`}
            onOpen={() => {
              setOpen(img.image);
              setZoom(1);
            }}
          />
        ))}
      </div>
      {open && (
        <figure className="request-viewer" aria-label="Image viewer">
          <div className="request-viewer-frame">
            <img src={open} alt="Proof, enlarged" style={{ transform: `scale(${zoom})` }} />
          </div>
          <figcaption>
            <button
              type="button"
              className="button button-secondary"
              disabled={zoom - VIEWER_ZOOM_STEP < VIEWER_ZOOM_STEP}
              onClick={() => setZoom((z) => Math.round((z - VIEWER_ZOOM_STEP) * 10) / 10)}
            >
              Zoom out
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setZoom((z) => Math.round((z + VIEWER_ZOOM_STEP) * 10) / 10)}
            >
              Zoom in
            </button>
            <button type="button" className="button button-secondary" onClick={() => setOpen(null)}>
              Close
            </button>
          </figcaption>
        </figure>
      )}
    </div>
  );
}
