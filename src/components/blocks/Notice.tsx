import * as React from "react"
import "./Notice.css"

interface Props {
  title: string
  text: string
  children: React.ReactNode
}

/** A short page's one section: a title, a line under it, then what the page adds (links, a list). The 404 page and the forms' notice pages. */
export function Notice({ title, text, children }: Props) {
  return (
    <section className="section notice">
      <div className="container notice__inner">
        <h1 className="notice__title">{title}</h1>
        <p className="notice__text">{text}</p>
        {children}
      </div>
    </section>
  )
}

/** The notice's buttons, side by side */
export function NoticeActions({ children }: { children: React.ReactNode }) {
  return <p className="notice__actions">{children}</p>
}
