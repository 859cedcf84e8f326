import { MAIL_ROWS_MAX, REPORTS, type Report } from '@contract/analytics';
import { LOCALE_LANGUAGE } from '@contract/enums';
import {
  REPORT_SCHEDULES_MAX,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_RECIPIENTS_MAX,
  type ReportScheduleView,
  type ScheduleFrequency,
} from '@contract/report-schedules';
import { createReportScheduleBody } from '@contract/schemas/report-schedules';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { boundField } from '@/lib/bound-field';
import { useForm } from '@/lib/form';
import { useErrorText } from '@/lib/i18n';
import type { MessageId } from '@/lib/message-id';
import { useOnline } from '@/lib/online';
import { useSupplierId } from '@/lib/queries';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ConfirmedAction } from '@/ui/confirmed-action';
import { Modal } from '@/ui/dialog';
import { TextField } from '@/ui/field';
import { Form } from '@/ui/form';
import { FormActions } from '@/ui/form-actions';
import { FormFailure } from '@/ui/form-failure';
import { LANGUAGE_OPTIONS, languageName } from '@/ui/language-options';
import { mutedText } from '@/ui/layout';
import { listCard } from '@/ui/list-table';
import { PagedList } from '@/ui/paged-list';
import { RadioGroupField } from '@/ui/radio-group';
import { SelectField } from '@/ui/select-field';
import { useReportFormat } from './format';
import { scheduleListQuery, useCreateSchedule, useDeleteSchedule, useSetScheduleStatus } from './schedule-queries';

/** Each report by the title of its page. */
export const REPORT_TITLES: Record<Report, MessageId> = {
  sales: 'analytics.sales.title',
  redemption: 'analytics.redemption.title',
  liability: 'analytics.liability.title',
};
const FREQUENCY_LABELS: Record<ScheduleFrequency, { short: MessageId; long: MessageId }> = {
  weekly: { short: 'schedules.frequency.weekly', long: 'schedules.frequency.weeklyLong' },
  monthly: { short: 'schedules.frequency.monthly', long: 'schedules.frequency.monthlyLong' },
};

const card = css(listCard, { gap: '3', justifyContent: 'space-between', alignItems: 'flex-start' });
const cardText = css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: 0, flex: '1 1 280px' });
const cardHead = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', fontWeight: 'semibold' });
const wrapAnywhere = css({ overflowWrap: 'anywhere' });
const cardActions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const formActions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', '& > *': { flex: { base: '1 1 auto', sm: '0 0 auto' } } });

/** Typed addresses: commas, semicolons, spaces or lines between them. */
const addressesOf = (text: string): string[] => text.split(/[\s,;]+/).filter(Boolean);

function ScheduleCard({ item, supplierId }: { item: ReportScheduleView; supplierId: string }) {
  const intl = useIntl();
  const format = useReportFormat();
  const setStatus = useSetScheduleStatus();
  const remove = useDeleteSchedule();
  const online = useOnline();
  const say = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const paused = item.status === 'paused';
  const last = item.lastRun;
  const lastText = !last
    ? say('schedules.lastRun.none')
    : last.status === 'sent'
      ? say('schedules.lastRun.sent', { period: format.period(last), date: format.dateTime(last.at), rows: last.rows })
      : last.status === 'tooLarge'
        ? say('schedules.lastRun.tooLarge', { period: format.period(last), max: format.count(MAIL_ROWS_MAX) })
        : say('schedules.lastRun.refused', { period: format.period(last) });
  const title = `${say(REPORT_TITLES[item.report])} · ${say(FREQUENCY_LABELS[item.frequency].short)}`;
  return (
    <li className={card} data-testid="schedule-row" data-schedule-id={item.id}>
      <div className={cardText}>
        <span className={cardHead}>
          <span>{title}</span>
          <Badge tone={paused ? 'neutral' : 'success'} data-testid="schedule-status">
            {say(paused ? 'schedules.status.paused' : 'schedules.status.active')}
          </Badge>
        </span>
        <span className={wrapAnywhere}>{say('schedules.recipients', { list: item.recipients.join(', ') })}</span>
        <span className={mutedText}>
          {[
            say('schedules.language', { language: languageName(item.language) }),
            item.nextRun ? say('schedules.nextRun', { date: format.period({ from: item.nextRun, to: item.nextRun }) }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
        <span className={mutedText} data-testid="schedule-last-run">
          {lastText}
        </span>
        <FormFailure error={setStatus.error} />
      </div>
      <div className={cardActions}>
        <div>
          <Button
            tone="secondary"
            disabled={setStatus.isPending || !online}
            onClick={() => setStatus.mutate({ supplierId, scheduleId: item.id, status: paused ? 'active' : 'paused' })}
            data-testid={paused ? 'schedule-resume' : 'schedule-pause'}
            aria-label={`${say(paused ? 'schedules.resume' : 'schedules.pause')}: ${title}`}
          >
            {say(paused ? 'schedules.resume' : 'schedules.pause')}
          </Button>
        </div>
        <ConfirmedAction
          label={say('schedules.delete')}
          title={say('schedules.delete.title')}
          description={say('schedules.delete.description', { report: title })}
          cancelLabel={say('schedules.cancel')}
          closeLabel={say('action.close')}
          testId="schedule-delete"
          mutation={{
            mutateAsync: () => remove.mutateAsync({ supplierId, scheduleId: item.id }),
            reset: remove.reset,
            isPending: remove.isPending,
            error: remove.error,
          }}
          onDone={() => undefined}
        />
      </div>
    </li>
  );
}

/** "Schedule a report": which, how often, to whom, in which language (the page's by default). */
function ScheduleForm({ supplierId, report, onDone }: { supplierId: string; report: Report; onDone: () => void }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const create = useCreateSchedule();
  const pageLanguage = LOCALE_LANGUAGE[intl.locale as keyof typeof LOCALE_LANGUAGE] ?? 'en';
  const form = useForm({ report: report as string, frequency: 'weekly' as string, recipients: '', language: pageLanguage as string });
  const say = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  // An address's own error (`recipients.2`) is said at the one field that holds them all.
  const recipientsError =
    form.errors.recipients ?? Object.entries(form.errors).find(([key, error]) => key.startsWith('recipients.') && error)?.[1];

  const onSubmit = () =>
    form.submit(
      createReportScheduleBody,
      {
        supplierId,
        report: form.values.report,
        frequency: form.values.frequency,
        recipients: addressesOf(form.values.recipients),
        language: form.values.language,
      },
      async (body) => {
        await create.mutateAsync(body);
        onDone();
      },
    );

  return (
    <Form onSubmit={onSubmit} failure={form.formError} data-testid="schedule-form">
      <SelectField label={say('schedules.field.report')} {...boundField(form, errorText, 'report')}>
        {REPORTS.map((option) => (
          <option key={option} value={option}>
            {say(REPORT_TITLES[option])}
          </option>
        ))}
      </SelectField>
      <RadioGroupField
        label={say('schedules.field.frequency')}
        name="frequency"
        options={SCHEDULE_FREQUENCIES.map((value) => ({ value, label: say(FREQUENCY_LABELS[value].long) }))}
        value={form.values.frequency as ScheduleFrequency}
        onValueChange={(value) => form.setValues((previous) => ({ ...previous, frequency: value }))}
        error={errorText(form.errors.frequency)}
      />
      <TextField
        label={say('schedules.field.recipients')}
        hint={say('schedules.field.recipientsHint', { max: SCHEDULE_RECIPIENTS_MAX })}
        type="text"
        inputMode="email"
        autoComplete="off"
        spellCheck={false}
        {...boundField(form, errorText, 'recipients')}
        error={errorText(recipientsError)}
        data-testid="schedule-recipients"
      />
      <SelectField label={say('schedules.field.language')} {...boundField(form, errorText, 'language')}>
        {LANGUAGE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <p className={mutedText}>{say('schedules.form.note')}</p>
      <FormActions className={formActions} submitLabel={say('schedules.add.submit')} submitting={form.submitting} testId="schedule-submit">
        <Button tone="ghost" onClick={onDone}>
          {say('schedules.cancel')}
        </Button>
      </FormActions>
    </Form>
  );
}

/**
 * /analytics/schedules (decision 098): the company's scheduled reports, each with whom it goes to, its next mail and
 * what became of its last period; "Schedule a report" opens the form (with the report a report page's link names).
 */
export function SchedulesPage({ report: asked }: { report?: string }) {
  const report = REPORTS.find((known) => known === asked);
  const intl = useIntl();
  const online = useOnline();
  const supplierId = useSupplierId();
  const list = useQuery({ ...scheduleListQuery(supplierId ?? ''), enabled: supplierId !== null });
  const [adding, setAdding] = useState(report !== undefined);
  const items = list.data;
  const full = (items?.length ?? 0) >= REPORT_SCHEDULES_MAX;
  return (
    <>
      <PagedList
        // Every schedule on one page: a company has at most REPORT_SCHEDULES_MAX.
        query={{ ...list, data: items && { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) } }}
        testId="schedules"
        title="schedules.title"
        count="schedules.count"
        countValues={{ max: REPORT_SCHEDULES_MAX }}
        intro="schedules.intro"
        action={
          <Button
            onClick={() => setAdding(true)}
            disabled={!online || !supplierId || full}
            aria-haspopup="dialog"
            data-testid="schedules-add"
          >
            {intl.formatMessage({ id: 'schedules.add' })}
          </Button>
        }
        empty="schedules.empty"
        row={(item) => (supplierId ? <ScheduleCard key={item.id} item={item} supplierId={supplierId} /> : null)}
        rowsTestId="schedule-list"
        rowsLabel={intl.formatMessage({ id: 'schedules.title' })}
        width="narrow"
        saved={false}
      />
      {supplierId ? (
        <Modal
          open={adding}
          onOpenChange={setAdding}
          title={intl.formatMessage({ id: 'schedules.add.title' })}
          closeLabel={intl.formatMessage({ id: 'action.close' })}
        >
          <ScheduleForm supplierId={supplierId} report={report ?? 'sales'} onDone={() => setAdding(false)} />
        </Modal>
      ) : null}
    </>
  );
}
