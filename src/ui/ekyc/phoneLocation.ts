import type { Location } from "../../domain/ekyc/fieldCapture";

/** The phone's position, asked fresh (a cached one may be of another shop); leaving the form stops waiting. */
export const locate = (signal: AbortSignal) =>
  new Promise<Location>((resolve, reject) => {
    if (!navigator.geolocation) return reject(new Error("No location on this device."));
    signal.addEventListener("abort", () => reject(signal.reason));
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracy: Math.round(coords.accuracy),
        }),
      reject,
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  });
