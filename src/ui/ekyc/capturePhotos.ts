/**
 * A photo taken on the phone, shrunk before it is kept: at most PHOTO_MAX_SIDE pixels on its longer
 * side, as a JPEG, so a few fit in the phone's storage and in one request.
 */
import { PHOTO_MAX_SIDE, type Photo } from "../../domain/ekyc/fieldCapture";

export type ReadPhoto = (file: File) => Promise<Photo>;

const base64Of = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

export const shrinkPhoto: ReadPhoto = async (file) => {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.8));
  if (!blob) throw new Error("The photo could not be read.");
  return { content_type: "image/jpeg", data_base64: await base64Of(blob) };
};

export const photoSrc = (p: Photo) => `data:${p.content_type};base64,${p.data_base64}`;
