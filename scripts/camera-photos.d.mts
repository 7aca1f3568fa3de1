/** Types of camera-photos.mjs (a plain ES module, so that measure-builds.mjs can import it too) */
export function photoPixels(width: number, height: number, seed?: number): Promise<Buffer>
export function writeCameraPhoto(file: string, options?: { width?: number; height?: number; seed?: number; orientation?: number; quality?: number }): Promise<void>
