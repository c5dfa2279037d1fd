/**
 * Photos from the device's camera or library inside the native app (the web uses a file
 * input, which the app keeps as a fallback).
 */
import { nativeShell } from './native-shell.ts';

export function canPickPhotosOnDevice(): boolean {
  return nativeShell() !== null;
}

export async function pickPhotosOnDevice(source: 'camera' | 'library', limit: number): Promise<File[]> {
  return (await nativeShell()?.pickPhotos(source, limit)) ?? [];
}
