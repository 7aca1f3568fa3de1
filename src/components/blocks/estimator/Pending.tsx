import * as React from "react"

/**
 * Where a field will be, until the page's script runs: a box drawn like the
 * field, holding what it will hold. The first HTML has no form controls: a
 * page with them has Chrome lay it out at DOMContentLoaded for autofill,
 * before the font is in (20-30 ms of the first task on a slowed phone,
 * measured), and without JavaScript the fields could do nothing anyway.
 */
export function Pending({ text, placeholder = false, list = false }: { text: string; placeholder?: boolean; list?: boolean }) {
  return (
    <span className={["field__control", placeholder && "field__control--placeholder", list && "field__control--list"].filter(Boolean).join(" ")}>{text}</span>
  )
}
