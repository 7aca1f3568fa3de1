import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { answer } from "../forms-hosts/gatsby-functions"

/** /api/subscribe: a thin wrapper; the form service in src/forms does the work. */
export default async function subscribe(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  await answer("subscribe", req, res)
}
