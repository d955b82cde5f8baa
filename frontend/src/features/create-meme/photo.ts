/** Photos leave the phone as JPEG only, and large ones are shrunk on the device before upload. */
export const MAX_PHOTO_SIDE = 1600;
export const MAX_PHOTO_BYTES = 1_500_000;
const JPEG_QUALITY = 0.85;

/** "Only JPG/JPEG images are supported": checked on the bytes (FF D8 FF), not the file name. */
export class NotJpegError extends Error {
  constructor() {
    super('Only JPG/JPEG images are supported');
    this.name = 'NotJpegError';
  }
}

export async function isJpeg(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 3).arrayBuffer());
  return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}

/** The size a photo is scaled to so its longer side fits `max` (never enlarged). */
export function fitWithin(
  width: number,
  height: number,
  max = MAX_PHOTO_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** Checks the photo is a JPEG and re-encodes it smaller when it is big (EXIF orientation applied). */
export async function preparePhoto(file: Blob): Promise<Blob> {
  if (!(await isJpeg(file))) throw new NotJpegError();
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    if (file.size <= MAX_PHOTO_BYTES && Math.max(bitmap.width, bitmap.height) <= MAX_PHOTO_SIDE) return file;
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, size.width, size.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new NotJpegError())),
        'image/jpeg',
        JPEG_QUALITY,
      ),
    );
  } finally {
    bitmap.close();
  }
}

/**
 * The player's face photo, kept on the device between sessions (Profile → change photo) to show it. The
 * server keeps the current face itself: a picked photo is stored there by the face check.
 */
const FACE_KEY = 'mm_face_photo';

export async function saveFacePhoto(photo: Blob): Promise<void> {
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(photo);
  });
  try {
    localStorage.setItem(FACE_KEY, dataUrl);
  } catch {
    // Storage full: the photo still works for this session, it is just not remembered.
  }
}

export function loadFacePhotoUrl(): string | null {
  return localStorage.getItem(FACE_KEY);
}

/** A face photo without a face is not offered again. */
export function forgetFacePhoto(): void {
  localStorage.removeItem(FACE_KEY);
}
