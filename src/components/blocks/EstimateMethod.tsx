import * as React from "react"
import { graphql } from "gatsby"
import { useLanguage } from "../../hooks/use-language"
import { citedYear, formatExact, formatNumber, outputsPerTonne, type EstimateModel, type Factor } from "../../lib/estimate"
import { useFactorsOpenOnHash } from "../../hooks/use-factors-open-on-hash"
import { numberLocale } from "../../lib/language-notation"
import { SectionHeading } from "../primitives/SectionHeading"

export type EstimateMethodCopy = Queries.EstimateMethodFragment

/** The factors' source, as a citation: publisher, title, year (and how we read it), linked */
function Citation({ factor, noteLabel }: { factor: Factor; noteLabel: string }) {
  const { source } = factor
  return (
    <>
      {source.publisher}, <a href={source.url}>{source.title}</a> ({citedYear(source)})
      {factor.note ? (
        <details>
          <summary>{noteLabel}</summary>
          {factor.note}
        </details>
      ) : null}
    </>
  )
}

/**
 * A table named by its heading. Where the screen is narrower than the table
 * needs (a phone), it scrolls sideways rather than break its words and
 * numbers letter by letter; the scroller takes the keyboard's focus so it
 * can be scrolled without a pointer.
 */
function ReferenceTable({ labelledBy, columns, children }: { labelledBy: string; columns: readonly string[]; children: React.ReactNode }) {
  return (
    <div className="estimate-table" role="group" aria-labelledby={labelledBy} tabIndex={0}>
      <table aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

/**
 * What the estimate rests on, shown whether or not the page runs its
 * script: each stream's typical outputs per tonne, then the formulas in
 * words and every factor with its source.
 */
export function EstimateMethod({ data, model }: { data: EstimateMethodCopy; model: EstimateModel }) {
  const { perTonne, method } = data
  // the figures in the page's notation (1,00,000 on /hi/), the factors with every digit their source gives
  const numbers = numberLocale(useLanguage())
  const exact = (value: number) => formatExact(value, numbers)
  useFactorsOpenOnHash()
  return (
    <>
      <section className="section section--tint estimate-reference" aria-labelledby="per-tonne-heading">
        <div className="container">
          <h2 id="per-tonne-heading">{perTonne.heading}</h2>
          <p>{perTonne.intro}</p>
          <ReferenceTable labelledBy="per-tonne-heading" columns={perTonne.columns}>
            {model.streams.map((stream) => {
              const made = outputsPerTonne(model, stream)
              const cell = (value: number | undefined) => (value === undefined ? perTonne.notSuited : formatNumber(value, numbers))
              return (
                <tr key={stream.id}>
                  <th scope="row">{stream.name}</th>
                  <td>{cell(made.kWh)}</td>
                  <td>{cell(made.charcoal)}</td>
                  <td>{cell(made.biochar)}</td>
                  <td>{cell(made.methane)}</td>
                </tr>
              )
            })}
          </ReferenceTable>
        </div>
      </section>
      <section className="section estimate-reference" aria-labelledby="how-we-estimate">
        <div className="container">
          <SectionHeading eyebrow={data.breadcrumb} title={method.heading} intro={method.intro} id="how-we-estimate" />
          {method.formulas.map((formula) => (
            <p key={formula}>{formula}</p>
          ))}
          {/* closed until asked for: 26 rows of sources are not laid out, nor their fonts fetched, on every visit */}
          <details className="estimate-factors">
            <summary>
              <h3 id="estimate-factors">{method.factorsHeading}</h3>
            </summary>
            <ReferenceTable labelledBy="estimate-factors" columns={method.columns}>
              {model.factors.map((factor) => (
                <tr key={factor.id} id={`factor-${factor.id}`}>
                  <th scope="row">{factor.label}</th>
                  {/* data-label: the column's heading, which a phone shows beside each value when the rows stack (Estimator.css) */}
                  <td data-label={method.columns[1]}>{exact(factor.low)}</td>
                  <td data-label={method.columns[2]}>{exact(factor.typical)}</td>
                  <td data-label={method.columns[3]}>{exact(factor.high)}</td>
                  <td data-label={method.columns[4]}>{factor.unit}</td>
                  <td data-label={method.columns[5]}>
                    <Citation factor={factor} noteLabel={method.note} />
                  </td>
                </tr>
              ))}
            </ReferenceTable>
          </details>
        </div>
      </section>
    </>
  )
}

export const query = graphql`
  fragment EstimateMethod on EstimateJson {
    breadcrumb
    method {
      heading
      intro
      formulas
      factorsHeading
      columns
      note
    }
    perTonne {
      heading
      intro
      columns
      notSuited
    }
  }
`
