import { auditDetails } from '@contract/audit';
import { LOCALE_LANGUAGE, type Language } from '@contract/enums';
import { formatMoney } from '@contract/money';
import type { AuditExportQuery } from '@contract/schemas/audit';
import type { Deps } from '../../deps';
import { fill, messagesOf } from '../../lib/messages';
import { MAIL_DICTIONARIES } from '../../mail/locales';
import { EXPORT_BATCH_ROWS, fileResponse, readerOf, tableOf } from '../analytics';
import { AUDIT_FILE_COLUMNS, auditFileRows, type Reader } from './service';

/**
 * The filtered log as a CSV or XLSX file (issue 33), like the reports' (decision 081): the screen's words for the
 * actions, titles and details, in the page's language (else the account's); newest first, streamed.
 */
export async function exportAuditLog(deps: Deps, reader: Reader, query: AuditExportQuery): Promise<Response> {
  const language: Language = query.locale ? LOCALE_LANGUAGE[query.locale] : (await readerOf(deps, reader.auth)).language;
  const { company, period, batches } = await auditFileRows(deps, reader, query, EXPORT_BATCH_ROWS);
  const words = messagesOf(language);
  const say = (id: string) => words[id] ?? id;
  const locale = MAIL_DICTIONARIES[language].locale;
  const detailsText = (details: unknown) =>
    auditDetails((details ?? {}) as Record<string, unknown>, {
      money: (minor) => formatMoney(minor, company.currency, locale),
      roles: (roles) => new Intl.ListFormat(locale).format(roles.map((role) => say(`role.${role}`))),
    })
      .map(({ detail, text }) => `${say(`audit.detail.${detail}`)}: ${text}`)
      .join('; ');
  const table = tableOf(
    {
      name: say('audit.title').slice(0, 31),
      // The file's "who" is one column: the person, the company's API key, or the system.
      titles: AUDIT_FILE_COLUMNS.filter((column) => column !== 'keyName' && column !== 'keyPrefix').map((column) =>
        say(`audit.column.${column}`),
      ),
      kinds: ['date', 'text', 'text', 'text', 'text', 'id', 'text'],
      cells: ([, , date, action, person, keyName, keyPrefix, email, subject, certificate, details]) => [
        String(date),
        say(`audit.action.${String(action)}`),
        person !== null
          ? String(person)
          : keyName !== null
            ? fill(say('audit.byKey'), { name: String(keyName), prefix: String(keyPrefix) })
            : say('audit.system'),
        email === null ? '' : String(email),
        subject === null ? '' : String(subject),
        certificate === null ? '' : String(certificate),
        detailsText(details),
      ],
    },
    batches,
  );
  return fileResponse(deps, table, { format: query.format, language, fileName: `audit-${period.from}-${period.to}.${query.format}` });
}
