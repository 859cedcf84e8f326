/** The supplier index and the company calls; what moderation and the start-up need of companies. */
export { supplierRoutes, sendPdf } from './routes';
export { lookupAlertRoutes } from './lookup-alert-routes';
export { lookupAlertSettingsOf } from './lookup-alerts';
export { ensureBikDirectory, loadBikFile, parseEd807, SAMPLE_BIK_FILE } from './bik-directory';
export { companyAdmins, mailCompanyAdmins, mailWebhookDisabled } from './notify';
export { renderOfferPdf, type OfferInput } from './offer/pdf';
export { offerFileName } from './submit';
export { legalColumns } from './company';
export { loadSupplier, readOffer, supplierInfoOf } from './view';
export { decideCompany, type ModerationDecision } from './decision';
