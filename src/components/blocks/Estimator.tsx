import * as React from "react"
import { useLanguage } from "../../hooks/use-language"
import { graphql } from "gatsby"
import { estimate, formatExact, formatNumber, readInputs, readPlainNumber, streamById, toQuery, type EstimateModel } from "../../lib/estimate"
import { listJoiner, numberLocale } from "../../lib/language-notation"
import { fill } from "../../lib/text"
import { ErrorBoundary } from "../primitives/ErrorBoundary"
import { SectionHeading } from "../primitives/SectionHeading"
import { EstimateActions } from "./estimator/EstimateActions"
import { EstimatorForm } from "./estimator/EstimatorForm"
import { typedNumbers, type Figure } from "./estimator/figures"
import { PrintSources } from "./estimator/PrintSources"
import { ResultCard } from "./estimator/ResultCard"
import { rawFrom, rawFromSearch, useBrowserState, type Field, type Raw } from "./estimator/state"
// Its sheets (FormParts.css, Estimator.css) are imported by the page: this code comes after the page, its server HTML does not

export type EstimatorCopy = Queries.EstimatorFragment

/**
 * The charts are a part of their own (about 3 KB gzip of drawing code), not
 * in the calculator's chunk (its budget is 12 KB): fetched as soon as this
 * code runs, while the calculator hydrates. Until they come, their server
 * HTML stays (React keeps a suspended boundary's HTML while it hydrates);
 * a change of input before then shows the cards at once and the charts when
 * they come.
 */
const loadCharts = () => import(/* webpackChunkName: "estimate-charts" */ "./estimator/EstimateCharts")
const EstimateCharts = React.lazy(() => loadCharts().then((module) => ({ default: module.EstimateCharts })))
// (a prefetch that fails is let go: the part's own render fetches again, and its boundary leaves it out should that fail too)
if (typeof window !== "undefined") loadCharts().catch(() => {})

/**
 * The second step, cost and earnings, is a part of its own too (its words,
 * its working and lakh-and-crore money), fetched with the charts; its server
 * HTML stays until it comes. The arithmetic it shows is the quote's
 * (estimate-quote.ts), so that is in the calculator's chunk.
 */
const loadEconomics = () => import(/* webpackChunkName: "estimate-economics" */ "./estimator/EconomicsStep")
const EconomicsStep = React.lazy(() => loadEconomics().then((module) => ({ default: module.EconomicsStep })))
if (typeof window !== "undefined") loadEconomics().catch(() => {})

/**
 * A part fetched after the calculator's code (the charts, the second step):
 * its server HTML stays until it comes; should the fetch fail (the network
 * gone), it is left out and the cards, the quote and the sources stay (a
 * failed part would otherwise fail the calculator).
 */
const LaterPart = ({ children }: { children: React.ReactNode }) => (
  <ErrorBoundary fallback={null}>
    <React.Suspense fallback={null}>{children}</React.Suspense>
  </ErrorBoundary>
)

/**
 * The calculator: the visitor's waste and amount in, each suitable
 * solution's outputs out, as ranges. The inputs live in the address, so a
 * shared link shows the same estimate; the page's first HTML shows the
 * default estimate, so nothing moves when the script takes over.
 */
export function Estimator({ data, model, products }: { data: EstimatorCopy; model: EstimateModel; products: string }) {
  // every figure in the page's notation; the address and the quote carry plain numbers in every language (toQuery)
  const language = useLanguage()
  const numbers = numberLocale(language)
  // a line's machines, joined as the page's language joins a list (A, B and C; A, B, और C)
  const machineList = React.useMemo(() => listJoiner(language), [language])
  const figure: Figure = (value) => formatNumber(value, numbers)
  const exact = (value: number) => formatExact(value, numbers)
  const { form } = data
  const initial = readInputs(model, {}, form.defaultAmount).inputs
  // The address exists only in the browser: the page's HTML and its hydration read "" (the default
  // estimate), the render after reads the real one; and the fields replace their boxes then (live)
  const { search, live } = useBrowserState()
  const [edited, setEdited] = React.useState<Raw>()
  const [announcement, setAnnouncement] = React.useState("")
  // a stream may start at its own amount (a hospital makes no 20 t a day)
  const startAmount = (id: string) => (streamById(model, id) ?? model.streams[0]!).defaultAmount ?? form.defaultAmount
  const raw = edited ?? rawFromSearch(search, startAmount) ?? rawFrom(initial)
  // the address carries JavaScript's numbers (toQuery); typing, the visitor's own
  const shown = readInputs(model, raw, form.defaultAmount, edited ? typedNumbers(numbers) : readPlainNumber)

  const change = (field: Field) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const next = { ...raw, [field]: event.target.value }
    // a new stream brings its own moisture: the one typed for another waste no longer applies;
    // and its own starting amount, unless the visitor changed the amount
    if (field === "stream") {
      next.moisture = ""
      next.heat = ""
      if (raw.amount.trim() === String(startAmount(raw.stream))) next.amount = String(startAmount(next.stream))
    }
    setEdited(next)
    const read = readInputs(model, next, form.defaultAmount, typedNumbers(numbers))
    if (Object.keys(read.errors).length > 0) return
    // the address carries the inputs, so a shared link shows the same estimate
    window.history.replaceState(window.history.state, "", `${window.location.pathname}?${toQuery(read.inputs, model)}${window.location.hash}`)
    const stream = streamById(model, read.inputs.stream)!
    setAnnouncement(
      fill(data.results.announce, {
        amount: figure(read.inputs.amount),
        unit: read.inputs.per === "day" ? form.perDay : form.perYear,
        stream: stream.name,
      }),
    )
  }

  const { inputs, errors } = shown
  const stream = streamById(model, inputs.stream)!
  // results, and the quote, only for what the fields say: none while a field of the first step is wrong
  // (a wrong tipping fee stays beside its field in the second step, which is then worked out without it)
  const invalid = Object.keys(errors).some((field) => field !== "fee")
  const results = invalid ? [] : estimate(model, inputs)
  // how a typed amount was read, when it is not plain digits (1,000 is a thousand in English, one in German)
  const amountRead =
    live && !errors.amount && raw.amount.trim() !== String(inputs.amount)
      ? fill(form.amountRead, { amount: figure(inputs.amount), unit: inputs.per === "day" ? form.perDay : form.perYear })
      : undefined

  return (
    <section className="section estimator" aria-labelledby="estimator-heading">
      <div className="container">
        <SectionHeading eyebrow={data.eyebrow} title={data.heading} intro={data.intro} id="estimator-heading" />
        <noscript>
          <p className="estimator__noscript">{data.noScript}</p>
        </noscript>
        <EstimatorForm
          form={form}
          model={model}
          raw={raw}
          inputs={inputs}
          errors={errors}
          stream={stream}
          live={live}
          amountRead={amountRead}
          change={change}
          figure={figure}
          exact={exact}
        />

        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
        <h3 className="estimator__results-heading">{data.results.heading}</h3>
        <p className="estimator__disclaimer">{data.disclaimer}</p>
        {/* without JavaScript the page cannot read the visitor's inputs, nor a shared link's: the figures are the default's, and say so */}
        <noscript>
          <p className="estimator__noscript">
            {fill(data.results.example, { amount: figure(initial.amount), unit: form.perDay, stream: streamById(model, initial.stream)!.name })}
          </p>
        </noscript>
        {invalid ? <p className="estimator__invalid">{data.results.invalid}</p> : results.length === 0 && <p>{data.results.none}</p>}
        {results.length > 1 && <p className="estimator__alternatives">{data.results.alternatives}</p>}
        <div className="estimator__results">
          {results.map((result) => (
            <ResultCard
              key={result.solution}
              data={data}
              model={model}
              stream={stream}
              inputs={inputs}
              result={result}
              numbers={numbers}
              figure={figure}
              machineList={machineList}
              products={products}
            />
          ))}
        </div>
        {results.length > 0 && (
          <>
            <LaterPart>
              <EstimateCharts data={data} model={model} stream={stream} inputs={inputs} results={results} numbers={numbers} figure={figure} />
            </LaterPart>
            <LaterPart>
              <EconomicsStep
                data={data.economics}
                model={model}
                stream={stream}
                inputs={inputs}
                results={results}
                fee={raw.fee}
                feeError={Boolean(errors.fee)}
                live={live}
                change={change("fee")}
                figure={figure}
                exact={exact}
              />
            </LaterPart>
          </>
        )}
        {results.length > 0 && <EstimateActions data={data} model={model} inputs={inputs} stream={stream} numbers={numbers} live={live} />}
        {results.length > 0 && <PrintSources results={data.results} model={model} inputs={inputs} exact={exact} />}
      </div>
    </section>
  )
}

export const query = graphql`
  fragment Estimator on EstimateJson {
    eyebrow
    heading
    intro
    disclaimer
    noScript
    failure {
      text
      contact
      subject
    }
    form {
      stream
      amount
      per
      perDay
      perYear
      moisture
      moistureHint
      moistureFixed
      days
      daysHint
      amountError
      amountRead
      moistureError
      daysError
      grid
      gridHint
      gridError
      heat
      heatUnit
      heatUnitMJ
      heatUnitKcal
      heatHint
      heatError
      site
      siteHint
      climate
      climateHint
      collected
      collectedHint
      collectedError
      defaultAmount
    }
    results {
      heading
      announce
      range
      electricityDay {
        ...EstimateMeasure
      }
      electricityYear {
        ...EstimateMeasure
      }
      plantSize {
        ...EstimateMeasure
      }
      grossOutput {
        ...EstimateMeasure
      }
      ownUse {
        ...EstimateMeasure
      }
      efficiency {
        ...EstimateMeasure
      }
      heatingValue {
        ...EstimateMeasure
      }
      fuelInput {
        ...EstimateMeasure
      }
      charcoal {
        ...EstimateMeasure
      }
      biochar {
        ...EstimateMeasure
      }
      gridCredit {
        ...EstimateMeasure
      }
      gridDefault
      gridOwn
      landfill {
        ...EstimateMeasure
      }
      landfillFirstYear {
        ...EstimateMeasure
      }
      landfillLifetime {
        ...EstimateMeasure
      }
      bottomAsh {
        ...EstimateMeasure
      }
      flyAsh {
        ...EstimateMeasure
      }
      fossil {
        ...EstimateMeasure
      }
      ghg {
        ...EstimateMeasure
      }
      alternatives
      invalid
      supportFuelShort
      supportFuelSeason
      noBurn
      heatOnly
      plantFrom
      plantBetween
      plantName
      plantBelow
      plantAbove
      availability
      plantTooLarge
      machines
      none
      quote
      quoteSubject
      example
      sources
      print
      printSources
      printFactor
      printFactorOne
      printReference
    }
    economics {
      heading
      intro
      capital
      power
      fee
      support
      biochar
      credit
      range
      capitalHow
      powerHow
      feeHow
      supportHow
      supportCapped
      biocharHow
      creditHow
      cite
      confidence {
        primary
        summary
        reported
      }
      noCapital
      noElectricity
      feeLabel
      feeHint
      feeError
      notesHeading
      money {
        crore
        lakh
        rupees
        dollars
        between
      }
      units {
        crore
        lakh
        rupees
        dollars
      }
      notes {
        id
        text
        confidence
        source {
          ...EstimateSourceFields
        }
      }
    }
    charts {
      electricity
      ghg
      low
      typical
      high
      measure
      value
      unit
    }
    solutions {
      id
      title
      link {
        label
        to
      }
      machines
      lineNeeds
    }
  }

  fragment EstimateSourceFields on EstimateSource {
    title
    publisher
    year
    url
    access
  }

  fragment EstimateMeasure on EstimateMeasure {
    label
    unit
  }
`
