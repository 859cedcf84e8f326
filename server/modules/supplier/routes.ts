import {
  bankAccountBody,
  bikQuery,
  createCompanyBody,
  holderNoticesBody,
  legalDataBody,
  submitBody,
  supplierIdBody,
  supplierIdQuery,
  updateCompanyBody,
} from '@contract/schemas/company';
import { supplierQuery } from '@contract/schemas/redemption';
import type { Context } from 'hono';
import type { Deps } from '../../deps';
import { sendData } from '../../http/respond';
import { describe, validate } from '../../http/validate';
import { signedInRoutes } from '../auth';
import { supplierUserRoutes } from '../users';
import * as company from './company';
import { listProducts, listSuppliers } from './service';
import { submitCompany } from './submit';
import { readOffer } from './view';

const tag = 'supplier';

/** A stored PDF as a download. */
export const sendPdf = (c: Context, file: { fileName: string; content: Uint8Array }) =>
  c.body(file.content as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
  });

/** SPEC §7, under /api/front/supplier. */
export const supplierRoutes = (deps: Deps) =>
  signedInRoutes(deps)
    .get('/supplier/index', describe({ tag, summary: "The user's companies, branches under their parents" }), async (c) =>
      sendData(c, await listSuppliers(deps, c.var.auth)),
    )
    .get(
      '/products',
      describe({ tag, can: 'seeCompany', summary: "The company's products" }),
      validate('query', supplierQuery),
      async (c) => c.json({ data: await listProducts(deps, c.var.auth, c.req.valid('query').supplierId) }),
    )
    .post(
      '/supplier/create',
      describe({ tag, can: 'createCompany', summary: 'Create a company (a draft); the caller becomes its admin' }),
      validate('json', createCompanyBody),
      async (c) => sendData(c, await company.createCompany(deps, c.var.auth, c.req.valid('json'))),
    )
    .post(
      '/supplier/update',
      describe({ tag, can: 'manageCompany', summary: "Change a draft or rejected company's step-1 data" }),
      validate('json', updateCompanyBody),
      async (c) => sendData(c, await company.updateCompany(deps, c.var.auth, c.req.valid('json'))),
    )
    .post(
      '/supplier/holder-notices',
      describe({ tag, can: 'manageCompany', summary: "Turn the cardholders' balance notices on or off" }),
      validate('json', holderNoticesBody),
      async (c) => sendData(c, await company.setHolderNotices(deps, c.var.auth, c.req.valid('json'))),
    )
    .post(
      '/supplier/cancel-create',
      describe({ tag, can: 'manageCompany', summary: 'Delete a draft that was never submitted' }),
      validate('json', supplierIdBody),
      async (c) => sendData(c, await company.cancelCreate(deps, c.var.auth, c.req.valid('json').supplierId)),
    )
    .post(
      '/legal-data/add',
      describe({ tag, can: 'manageCompany', summary: "Save the company's legal data (wizard step 2)" }),
      validate('json', legalDataBody),
      async (c) => sendData(c, await company.addLegalData(deps, c.var.auth, c.req.valid('json'))),
    )
    .post(
      '/bank-account/add',
      describe({ tag, can: 'manageCompany', summary: "Save the company's bank data (wizard step 3)" }),
      validate('json', bankAccountBody),
      async (c) => sendData(c, await company.addBankAccount(deps, c.var.auth, c.req.valid('json'))),
    )
    .get(
      '/bank/bik',
      describe({ tag, summary: "A RU bank from the Central Bank's BIK directory" }),
      validate('query', bikQuery),
      async (c) => sendData(c, await company.lookUpBik(deps, c.req.valid('query').bik)),
    )
    .get(
      '/supplier/info',
      describe({ tag, can: 'manageCompany', summary: 'All of a company: data, status, offer, moderation history' }),
      validate('query', supplierIdQuery),
      async (c) => sendData(c, await company.companyInfo(deps, c.var.auth, c.req.valid('query').supplierId)),
    )
    .get(
      '/supplier/general-info',
      describe({ tag, can: 'manageCompany', summary: "A company's wizard progress and what may be done with it" }),
      validate('query', supplierIdQuery),
      async (c) => sendData(c, await company.companyGeneralInfo(deps, c.var.auth, c.req.valid('query').supplierId)),
    )
    .post(
      '/supplier/submit',
      describe({ tag, can: 'manageCompany', summary: 'Accept the offer and send the company to moderation' }),
      validate('json', submitBody),
      async (c) => sendData(c, await submitCompany(deps, c.var.auth, c.req.valid('json'))),
    )
    .get(
      '/contract/download-accepted-offer',
      describe({ tag, can: 'manageCompany', summary: 'The accepted offer as a PDF', files: ['application/pdf'] }),
      validate('query', supplierIdQuery),
      async (c) => {
        const { supplierId } = c.req.valid('query');
        await company.requireCompanyAdmin(deps, c.var.auth, supplierId);
        return sendPdf(c, await readOffer(deps.db, supplierId));
      },
    )
    .route('/users', supplierUserRoutes(deps));
