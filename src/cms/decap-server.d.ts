/** decap-server ships no types: the one function src/cms/local-backend.ts uses */
declare module "decap-server/dist/middlewares" {
  import type { Express } from "express"
  export function registerLocalFs(app: Express, options?: { logger?: { info(message: string): void; debug(message: string): void; warn(message: string): void; error(message: string): void } }): Promise<void>
}
