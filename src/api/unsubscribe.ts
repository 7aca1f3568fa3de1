import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { answer } from "../forms-hosts/gatsby-functions"

/** /api/unsubscribe: a thin wrapper; the form service in src/forms does the work. */
export default async function unsubscribe(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  await answer("unsubscribe", req, res)
}
