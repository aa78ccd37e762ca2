/** Corporate actions and status flags as the pages show them (docs/product.md §5.6, §5.7). */
export { statusFlags } from './status';
export { rightsIssues, type RightsIssueView } from './rights';
