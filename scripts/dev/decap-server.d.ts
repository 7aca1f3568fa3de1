/** decap-server ships no types: the one function scripts/dev/cms-local-backend.ts uses */
declare module "decap-server/dist/middlewares" {
  import type { Express } from "express"
  export function registerLocalFs(app: Express, options?: { logLevel?: "error" | "warn" | "info" | "debug" }): Promise<void>
}
