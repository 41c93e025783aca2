export { TimeSeries, TimeSeriesError, type SeriesSamples } from './time-series.js'
