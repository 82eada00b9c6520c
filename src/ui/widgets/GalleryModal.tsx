import { useState } from "react";
import {
  GALLERY_INITIAL_SIZE_PX,
  GALLERY_MAX_IMAGES,
  type Rotation,
  rotate,
  zoomed,
} from "../../domain/shared/widgets";
import Modal, { type ModalActor } from "./Modal";

export type GalleryImage = { image: string; image_content: string };

/** The full-screen image gallery: up to three images at 430 px, zoomed in 30 px steps, each rotatable. */
export default function GalleryModal({
  actor,
  title,
  images,
}: {
  actor: ModalActor;
  title: string;
  images: readonly GalleryImage[];
}) {
  const [size, setSize] = useState(GALLERY_INITIAL_SIZE_PX);
  const [rotations, setRotations] = useState<Record<number, Rotation>>({});
  const shown = images.slice(0, GALLERY_MAX_IMAGES);
  const turn = (i: number, direction: "left" | "right") =>
    setRotations((r) => ({ ...r, [i]: rotate(r[i] ?? 0, direction) }));
  return (
    <Modal
      actor={actor}
      title={title}
      width={Math.max(520, size * Math.min(shown.length, 2) + 64)}
      footer={
        <>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setSize((s) => zoomed(s, "out"))}
          >
            Zoom out
          </button>
          <span aria-live="polite">{size} px</span>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setSize((s) => zoomed(s, "in"))}
          >
            Zoom in
          </button>
        </>
      }
    >
      <div className="gallery">
        {shown.map((img, i) => (
          <figure key={img.image} className="gallery-item">
            <img
              src={img.image}
              alt={img.image_content}
              width={size}
              data-rotation={rotations[i] ?? 0}
              style={{ transform: `rotate(${rotations[i] ?? 0}deg)` }}
            />
            <figcaption>
              {img.image_content}
              <button type="button" className="button button-secondary" onClick={() => turn(i, "left")}>
                Rotate left
              </button>
              <button type="button" className="button button-secondary" onClick={() => turn(i, "right")}>
                Rotate right
              </button>
            </figcaption>
          </figure>
        ))}
      </div>
    </Modal>
  );
}
