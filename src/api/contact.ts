import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { answer } from "../forms-hosts/gatsby-functions"

/** /api/contact: a thin wrapper; the form service in src/forms does the work. */
export default async function contact(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  await answer("contact", req, res)
}
