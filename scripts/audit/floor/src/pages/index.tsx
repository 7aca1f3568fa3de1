import * as React from "react"

/** The floor: a page Gatsby hydrates, with nothing of the site's own */
export default function Floor() {
  return (
    <main>
      <h1>Hello world</h1>
    </main>
  )
}

export const Head = () => <title>Audit floor</title>
