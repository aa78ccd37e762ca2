/** The yearly report's downloadable files. */
export { annualCsv } from './csv';
export { annualPdf } from './pdf';
export { annualXlsx } from './xlsx';
