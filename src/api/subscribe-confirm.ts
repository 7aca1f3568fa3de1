import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { answer } from "../forms-hosts/gatsby-functions"

/** /api/subscribe-confirm: a thin wrapper; the form service in src/forms does the work. */
export default async function subscribeConfirm(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  await answer("subscribe-confirm", req, res)
}
