// The types of start.mjs for TypeScript callers (the audit); start.mjs stays plain JavaScript, as a production machine runs it with node.
import type { SpawnSyncOptions } from "node:child_process"
/** Runs `npx gatsby build` when public/ is missing or older than any source; the build's exit status (0 when none was needed). */
export declare function buildIfNeeded(spawnOptions?: SpawnSyncOptions): number
