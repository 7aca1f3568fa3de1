import * as React from "react"
import "./SectionHeading.css"

interface Props {
  eyebrow: string
  title: string
  intro?: string
  id?: string
  align?: "start" | "center"
  tone?: "light" | "dark"
}

/** The eyebrow + title (+ intro) that opens every content section. */
export function SectionHeading({ eyebrow, title, intro, id, align = "start", tone = "light" }: Props) {
  return (
    <header className={`section-heading section-heading--${align} section-heading--${tone}`}>
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id}>{title}</h2>
      {intro ? <p className="section-heading__intro">{intro}</p> : null}
    </header>
  )
}
