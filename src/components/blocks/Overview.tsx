import * as React from "react"
import { graphql } from "gatsby"
import { ContentImage } from "../primitives/ContentImage"
import { Reveal } from "../primitives/Reveal"
import { SectionHeading } from "../primitives/SectionHeading"
import "./text-and-picture.css"
import "./Overview.css"

/** The About / Our Mission / Our Vision tabs (WAI-ARIA tabs pattern). */
export function Overview({ data }: { data: Queries.OverviewFragment }) {
  const [active, setActive] = React.useState(0)
  const tabRefs = React.useRef<(HTMLButtonElement | null)[]>([])

  const select = (index: number) => {
    const count = data.tabs.length
    const next = (index + count) % count
    setActive(next)
    tabRefs.current[next]?.focus()
  }

  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: data.tabs.length - 1,
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    select(target)
  }

  return (
    <section className="section section--tint overview" aria-labelledby="overview-title">
      <div className="container overview__grid">
        <div className="overview__text">
          <SectionHeading eyebrow={data.eyebrow} title={data.title} id="overview-title" />
          <div role="tablist" aria-label={data.title} className="tabs">
            {data.tabs.map((tab, index) => (
              <button
                key={tab.id}
                ref={(element) => {
                  tabRefs.current[index] = element
                }}
                type="button"
                role="tab"
                id={`tab-${tab.id}`}
                aria-controls={`panel-${tab.id}`}
                aria-selected={index === active}
                tabIndex={index === active ? 0 : -1}
                className="tabs__tab"
                onClick={() => setActive(index)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {tab.label}
              </button>
            ))}
          </div>
          {data.tabs.map((tab, index) => (
            <div
              key={tab.id}
              role="tabpanel"
              id={`panel-${tab.id}`}
              aria-labelledby={`tab-${tab.id}`}
              hidden={index !== active}
              tabIndex={0}
              className="tabs__panel"
            >
              <h3>{tab.title}</h3>
              {tab.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          ))}
        </div>
        <Reveal className="overview__media">
          <ContentImage file={data.image} alt={data.alt} className="rounded" />
        </Reveal>
      </div>
    </section>
  )
}

export const query = graphql`
  fragment Overview on OverviewJson {
    eyebrow
    title
    alt
    tabs {
      id
      label
      title
      paragraphs
    }
    image {
      childImageSharp {
        gatsbyImageData(width: 560, outputPixelDensities: [0.65, 1, 1.5], sizes: "(min-width: 1240px) 564px, (min-width: 992px) 44vw, 92vw")
      }
    }
  }
`
