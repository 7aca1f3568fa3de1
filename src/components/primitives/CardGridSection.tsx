import * as React from "react"
import { Reveal } from "./Reveal"
import { SectionHeading } from "./SectionHeading"

interface Props<Item extends { title: string; delay?: number }> {
  /** The section's own class, beside "section" (e.g. "services", "section--dark why") */
  className: string
  /** The heading's id, which names the section */
  headingId: string
  heading: { eyebrow: string; title: string; intro: string; tone?: "light" | "dark" }
  items: readonly Item[]
  /** Each card's class */
  cardClassName: string
  /** A card's contents */
  children: (item: Item, index: number) => React.ReactNode
}

/**
 * A section of cards in the four-column grid under a centred heading, each
 * card (a list item, keyed by its title) revealed as it scrolls into view
 * after its own delay: the service industries, the reasons to choose us and
 * the machines.
 */
export function CardGridSection<Item extends { title: string; delay?: number }>({
  className,
  headingId,
  heading,
  items,
  cardClassName,
  children,
}: Props<Item>) {
  return (
    <section className={`section ${className}`} aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading eyebrow={heading.eyebrow} title={heading.title} intro={heading.intro} id={headingId} align="center" tone={heading.tone} />
        <ul className="card-grid card-grid--4">
          {items.map((item, index) => (
            <Reveal as="li" key={item.title} className={cardClassName} delay={item.delay}>
              {children(item, index)}
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  )
}
