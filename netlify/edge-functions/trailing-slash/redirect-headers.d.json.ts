// The type of redirect-headers.json, which a Netlify build writes (src/build-time/adapters.ts, writeRedirectHeaders)
import type { RedirectHeaderTable } from "../../../src/lib/trailing-slash"

declare const table: RedirectHeaderTable
export default table
