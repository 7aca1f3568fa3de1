/**
 * The estimator's model as content/estimate/estimate.en.json gives it: the
 * published factors (each low, typical and high, with its source), the
 * waste streams that name them by id, and the choices a visitor makes (the
 * landfill the waste would go to, the climate it would decay in). Types and
 * lookups only; the arithmetic is in the files beside this one.
 */

export interface Factor {
  id: string
  label: string
  low: number
  typical: number
  high: number
  unit: string
  source: { title: string; publisher: string; year: number; url: string; access?: string | null }
  note?: string | null
  /** How sure the figure is, for the second step's factors: primary, summary or reported */
  confidence?: string | null
}

/** A source's year as a citation gives it, with how we read it where that is said ("2000, a copy") */
export const citedYear = (source: Factor["source"]) => (source.access ? `${source.year}, ${source.access}` : String(source.year))

/** A class of real plants an efficiency is drawn from: its net electrical efficiency and the fuel it burns */
export interface PlantClass {
  /** How the card names the class's reference plant ("a small Danish waste-to-energy plant") */
  name: string
  /** Factor id: net electrical efficiency (fraction), the class's range */
  efficiency: string
  /** Factor id: fuel input (MW) of the class's reference plant; its label names the plant */
  fuelInput: string
  /** Factor id: the electricity the reference plant uses itself (fraction of its fuel), already taken out of its net efficiency; none where the figure is the generator's */
  parasitic?: string | null
}

export interface Stream {
  id: string
  name: string
  group: string
  heatingValue?: string | null
  heatingValueMoisture?: number | null
  /** Said under the heating-value field: whose waste the default is, and that a visitor elsewhere should enter theirs */
  heatingValueNote?: string | null
  moisture?: string | null
  /** The classes of plant its electricity is drawn from, smallest first: the efficiency follows the fuel input between them */
  plants?: readonly PlantClass[] | null
  /** Factor id: the plant's own use of the electricity it makes (fraction of gross) */
  ownUse?: string | null
  /** Factor id: fuel input (MW) below which plants burning this waste make no electricity, only heat or steam */
  heatOnlyBelow?: string | null
  charcoalYield?: string | null
  biocharYield?: string | null
  landfillCarbon?: string | null
  /** Factor id: fossil CO2 (t per t as delivered) its burning emits; none when all its carbon is biogenic */
  fossilCarbon?: string | null
  /** Factor id: bottom ash (fraction of what is burnt, as delivered) */
  bottomAsh?: string | null
  /** Factor id: fly ash and flue-gas residue (fraction of what is burnt, as delivered) */
  flyAsh?: string | null
  /** t a day the form starts this stream at, where the page's default is more than such a source makes */
  defaultAmount?: number | null
  /** Said under the amount for this stream */
  amountNote?: string | null
  /** Our machines on this stream's line, replacing its solutions' lists */
  machines?: readonly string[] | null
  /** Said under this stream's machines */
  lineNote?: string | null
  /** Factor id: capital cost of published Indian plants of this kind, ₹ crore per MW gross; none where no plant's cost is sourced */
  capitalCost?: string | null
  /** Factor id: tariffs set or signed for this kind of plant, ₹ per kWh; none where none is sourced */
  tariff?: string | null
  /** Factor id: the central scheme's support for its power, ₹ crore per MW gross; none where the scheme gives nothing */
  supportRate?: string | null
  /** Factor id: the most the scheme gives a project, ₹ crore */
  supportCap?: string | null
  /** Whether a city pays a tipping fee for it: the visitor may enter one */
  tippingFee?: boolean | null
  /** Ids of the second step's notes (economics.notes) said for this stream: what its scheme excludes, who must buy its power */
  economicsNotes?: readonly string[] | null
}

/** A kind of site the waste would otherwise go to (IPCC 2006 vol. 5 table 3.1), the visitor's choice */
export interface LandfillSite {
  id: string
  name: string
  /** Factor id: methane correction factor (MCF) */
  methaneCorrection: string
  /** Factor id: methane oxidised in the cover (OX), which follows the kind of site */
  oxidation: string
}

/** A climate the waste would decay in (IPCC 2006 vol. 5 table 3.3), the visitor's choice */
export interface Climate {
  id: string
  name: string
  /** Factor id: decay rate k of bulk waste, a year */
  decayRate: string
}

export interface SharedFactors {
  latentHeat: string
  operatingDays: string
  decomposable: string
  methaneFraction: string
  methaneWarming: string
  gridEmission: string
  /** Share of the landfill's methane already collected and burnt (R): its typical value the form's default */
  gasCollected: string
  /** Heating value as delivered a waste needs to burn without support fuel: low never below, typical the year's average */
  supportFuel: string
  /** Heating value as delivered below which waste does not burn on its own at all: no electricity */
  noBurn: string
  /** Factor id: waste (t a day) the largest waste-to-energy plants were built to burn */
  largestPlant: string
  /** Years the landfill methane's headline is averaged over (the crediting period's first decade) */
  methanePeriod: number
  /** The kind of site and climate the form starts with */
  defaultSite: string
  defaultClimate: string
  /** Factor id: biochar's price in India, ₹ per kg */
  biocharPrice: string
  /** Factor id: voluntary-market price of landfill-methane credits, US$ per t CO2e */
  methaneCredit: string
  /** Factor id: a tipping fee an Indian city pays, ₹ per tonne: the fee field's example */
  tippingFee: string
  /** Ids of the second step's notes said for every stream (the scheme's period, the carbon market, no payback) */
  economicsNotes: readonly string[]
}

export interface EstimateModel {
  streams: readonly Stream[]
  factors: readonly Factor[]
  sites: readonly LandfillSite[]
  climates: readonly Climate[]
  shared: SharedFactors
}

export type Per = "day" | "year"
export type SolutionId = "electricity" | "charcoal" | "biochar"
export const SOLUTION_IDS: readonly SolutionId[] = ["electricity", "charcoal", "biochar"]
/** The units a visitor may give a heating value in: Indian reports give kcal/kg */
export type HeatUnit = "mj" | "kcal"
export const HEAT_UNITS: readonly HeatUnit[] = ["mj", "kcal"]

export interface Inputs {
  stream: string
  amount: number
  per: Per
  /** % of the wet weight */
  moisture: number
  /** Operating days per year */
  days: number
  /** The visitor's own grid emission factor, t CO2 per MWh; undefined: the model's (India's) range */
  grid?: number
  /** The visitor's measured lower heating value as delivered, in heatUnit; undefined: the stream's default range */
  heat?: number
  heatUnit: HeatUnit
  /** The kind of site the waste would otherwise go to (a LandfillSite id) */
  site: string
  /** The climate it would decay in (a Climate id) */
  climate: string
  /** % of the landfill's methane already collected and burnt */
  collected: number
  /** The tipping fee a city pays, ₹ a tonne; undefined: none given */
  fee?: number
}

export interface Range {
  low: number
  typical: number
  high: number
}

export type Level = keyof Range
export const LEVELS: readonly Level[] = ["low", "typical", "high"]
/** The opposite end, for a factor that lowers the answer as it grows */
export const OPPOSITE: Record<Level, Level> = { low: "high", typical: "typical", high: "low" }

export const range = (each: (level: Level) => number): Range => ({ low: each("low"), typical: each("typical"), high: each("high") })
export const ZERO: Range = { low: 0, typical: 0, high: 0 }
/** Every end of a range times one number (a unit's change: kW to MW, a fraction to %) */
export const scaleRange = (value: Range, by: number): Range => range((level) => value[level] * by)

export function factorById(model: Pick<EstimateModel, "factors">, id: string): Factor {
  const factor = model.factors.find((candidate) => candidate.id === id)
  if (!factor) throw new Error(`content/estimate/estimate.en.json: no factor has the id "${id}".`)
  return factor
}

export function streamById(model: Pick<EstimateModel, "streams">, id: string): Stream | undefined {
  return model.streams.find((stream) => stream.id === id)
}

export const siteById = (model: EstimateModel, id: string): LandfillSite | undefined => model.sites.find((site) => site.id === id)
export const climateById = (model: EstimateModel, id: string): Climate | undefined => model.climates.find((climate) => climate.id === id)

/** Which solutions suit a stream: electricity with plants to draw its efficiency from, charcoal and biochar with a yield */
export function solutionsFor(stream: Stream): SolutionId[] {
  return SOLUTION_IDS.filter((id) =>
    Boolean(id === "electricity" ? stream.plants?.length && stream.heatingValue : id === "charcoal" ? stream.charcoalYield : stream.biocharYield),
  )
}
