/**
 * A question's reference images as thumbnails (docs/survey.md): each opens the full image in a new
 * tab, and each is described as "Reference image n of {question}". Nothing shows for a question
 * without any.
 */
import { referenceImageAlt } from "../../domain/survey/referenceImages";

export default function ReferenceImages({
  question,
  images,
  size = "small",
}: {
  question: string;
  images: readonly string[];
  /** small beside a question (Survey Details), large on the question's own screen. */
  size?: "small" | "large";
}) {
  if (images.length === 0) return null;
  const [width, height] = size === "small" ? [64, 48] : [160, 120];
  return (
    <ul
      className={`reference-images reference-images-${size}`}
      aria-label={`Reference images of ${question}`}
    >
      {images.map((address, i) => (
        <li key={address}>
          <a href={address} target="_blank" rel="noopener noreferrer">
            <img
              src={address}
              alt={referenceImageAlt(question, i + 1)}
              width={width}
              height={height}
              loading="lazy"
              referrerPolicy="no-referrer"
            />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
