/** Documents written once as sources and shown as pages and PDFs (decision 60), and the PDF toolkit they share. */
export { contentRoutes } from './routes';
export { loadDocument } from './service';
export { drawBlocks, pdfLang, renderDocumentPdf } from './pdf';
export { documentLanguages, readDocument, REQUIRED_LANGUAGES, servedLanguage } from './source';
export { plain, startPdf } from './pdf-kit';
