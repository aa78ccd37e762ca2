/** The research pages: emiten and analysis pages, the analysis list, market figures, the emiten directory and analysis coverage. */
export { listAnalyses, parseListQuery } from './analysis-list';
export { emitenAnalysisPage, nonEmitenAnalysisPage, type RelatedItem } from './analysis-page';
export { renamedCode } from './code-changes';
export { emitenDirectory } from './emiten-directory';
export { adjustedBars, dateAt, type KeyFigures, marketHistory } from './emiten-figures';
export { type DividendView, type EmitenAnalysisItem, emitenPage } from './emiten-page';
export { anyDemo, findEmiten } from './market';
