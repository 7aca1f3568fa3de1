// The types of start.mjs for TypeScript callers (the audit); start.mjs stays plain JavaScript, as a production machine runs it with node.
import type { SpawnSyncOptions } from "node:child_process"
/** Runs `gatsby build` when there is no whole build (src/server/build-record.js) or a source changed since it began; the build's exit status (0 when none was needed). */
export declare function buildIfNeeded(spawnOptions?: SpawnSyncOptions): number
