/**
 * Photos from the device's camera or library (Capacitor Camera), handed to the app as File
 * objects, so they take the same path as a file chosen on the web (preview, size checks,
 * upload; the server strips metadata).
 */
import { Camera, MediaTypeSelection } from '@capacitor/camera';
import type { NativeShell } from '../native-shell-contract.ts';
import { closedByPerson } from './cancellation.ts';

async function fileFrom(webPath: string | undefined, index: number): Promise<File | null> {
  if (webPath === undefined) return null;
  const blob = await (await fetch(webPath)).blob();
  const extension = blob.type === 'image/png' ? 'png' : blob.type === 'image/heic' ? 'heic' : 'jpg';
  return new File([blob], `photo-${Date.now()}-${index}.${extension}`, { type: blob.type || 'image/jpeg' });
}

export const pickPhotos: NativeShell['pickPhotos'] = async (source, limit) => {
  try {
    const results =
      source === 'camera'
        ? [await Camera.takePhoto({ quality: 90 })]
        : (
            await Camera.chooseFromGallery({
              mediaType: MediaTypeSelection.Photo,
              allowMultipleSelection: limit > 1,
              limit,
              quality: 90,
            })
          ).results;
    const files = await Promise.all(results.map((result, index) => fileFrom(result.webPath, index)));
    return files.filter((file): file is File => file !== null);
  } catch (error) {
    if (closedByPerson(error)) return [];
    throw error;
  }
};
