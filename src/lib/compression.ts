/**
 * Below this a compressed copy saves too little to matter: the build writes
 * copies of files this size or larger (src/build-time/postbuild/precompress.ts),
 * and the production server compresses answers on the fly from this size up.
 * Here, below both, so that the server needs no build code to know it.
 */
export const MIN_BYTES = 1024
