/** The sitemap: its XML and the URLs of content and emiten pages. */
export { analysisEntries, pageEntries } from './content';
export { emitenLastmods, emitenSitemapEtag } from './emiten';
export { escapeXml, sitemapIndexXml, urlsetXml, xmlResponse } from './xml';
