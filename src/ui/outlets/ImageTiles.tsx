/**
 * Image thumbnails that open the shared gallery at the image chosen, with the ones after it up to
 * the gallery's limit of three (000 §9), so every image of a longer row can be looked at closely.
 */
import { useState } from "react";
import { GALLERY_MAX_IMAGES } from "../../domain/shared/widgets";
import { modalMachine } from "../../machines/shared/modal";
import { useLiveActorRef } from "../live/liveActors";
import GalleryModal from "../widgets/GalleryModal";

export default function ImageTiles({
  title,
  images,
}: {
  title: string;
  images: readonly { id: number; image: string }[];
}) {
  const gallery = useLiveActorRef(modalMachine, { input: { open: false } });
  const [first, setFirst] = useState(0);
  return (
    <>
      <ul className="answer-images">
        {images.map((img, i) => (
          <li key={img.id}>
            <button
              type="button"
              onClick={() => {
                setFirst(i);
                gallery.send({ type: "modal.open" });
              }}
              aria-label={`${title} image ${i + 1}`}
            >
              <img src={img.image} alt="" width={96} height={72} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      <GalleryModal
        actor={gallery}
        title={title}
        images={images
          .slice(first, first + GALLERY_MAX_IMAGES)
          .map((img, i) => ({ image: img.image, image_content: `${title} ${first + i + 1}` }))}
      />
    </>
  );
}
