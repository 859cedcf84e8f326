import { css } from '@styled/css';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { HttpError } from '@/lib/http';
import { useErrorText, useFailureText } from '@/lib/i18n';
import type { MessageId } from '@/lib/message-id';
import { isOnline, subscribeOnline, useOnline } from '@/lib/online';
import { Button, button } from './button';
import { Card, mutedText, pageTitle } from './layout';

/*
 * What a page shows while its data load or when they could not (decision 085): the router's default pending and error
 * components, and the same parts for a page that reads its data page by page without suspense (QueryState). They draw
 * the content area only: the layout around it stays.
 */

const spinner = css({
  width: '8',
  height: '8',
  borderRadius: 'full',
  borderWidth: '3px',
  borderColor: 'line',
  borderTopColor: 'accent',
  animation: 'spin 0.8s linear infinite',
  margin: 'auto',
});

/** The one spinner (decision 085): pages wait through PagePending, never a spinner of their own. */
function Spinner({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className={css({ display: 'grid', placeItems: 'center', p: '10' })}>
      <div className={spinner} />
      <span className={css({ srOnly: true })}>{label}</span>
    </div>
  );
}

const centred = css({ maxWidth: '480px', width: '100%', mx: 'auto', textAlign: 'center', alignItems: 'center' });

/** The 403 and 404 screens' message: the code, a title, a line of text and the way home. */
export function ErrorMessage({ code, titleId, textId }: { code: string; titleId: MessageId; textId: MessageId }) {
  const intl = useIntl();
  return (
    <>
      <p className={css({ fontSize: '5xl', fontWeight: 'bold', color: 'accentText' })} aria-hidden="true">
        {code}
      </p>
      <h1 className={pageTitle}>{intl.formatMessage({ id: titleId })}</h1>
      <p className={mutedText}>{intl.formatMessage({ id: textId })}</p>
      <Link to="/" className={button()}>
        {intl.formatMessage({ id: 'error.toHome' })}
      </Link>
    </>
  );
}

export const ForbiddenMessage = () => <ErrorMessage code="403" titleId="title.forbidden" textId="error.forbiddenText" />;
export const NotFoundMessage = () => <ErrorMessage code="404" titleId="title.notFound" textId="error.notFoundText" />;

/** Offline with nothing saved to show: the page says it needs the connection instead of spinning (it goes on by itself). */
function NeedsConnection({ onRetry }: { onRetry?: (() => void) | undefined }) {
  const intl = useIntl();
  const online = useOnline();
  return (
    <Card className={centred} role="status" data-testid="page-needs-connection">
      <p>{intl.formatMessage({ id: 'offline.pageNeedsConnection' })}</p>
      {online && onRetry ? <Button onClick={onRetry}>{intl.formatMessage({ id: 'state.retry' })}</Button> : null}
    </Card>
  );
}

/** The content area while a page's data load: the one spinner, or offline, why it waits. */
export function PagePending() {
  const intl = useIntl();
  return useOnline() ? <Spinner label={intl.formatMessage({ id: 'state.loading' })} /> : <NeedsConnection />;
}

/** Worth asking again: a lost connection, a server fault or a busy server; not a refusal or an address that names nothing. */
const mayPass = (error: unknown): boolean =>
  !(error instanceof HttpError) || error.kind !== 'http' || error.status >= 500 || error.status === 408 || error.status === 429;

/**
 * Why the page could not load, in the failure's coded message (one that names a field, such as an id in the address
 * that is none, by that field's), with a retry where asking again may help; a lost connection retries by itself once
 * it is back.
 */
export function PageFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const failureText = useFailureText();
  const errorText = useErrorText();
  const intl = useIntl();
  const online = useOnline();
  const network = !online || (error instanceof HttpError && error.kind === 'network');
  // Back online after a failure for want of a connection: the page tries again without being asked.
  useEffect(() => (network ? subscribeOnline(() => isOnline() && onRetry()) : undefined), [network, onRetry]);
  if (network) return <NeedsConnection onRetry={onRetry} />;
  const field = error instanceof HttpError ? Object.values(error.fields)[0] : undefined;
  return (
    <Card className={centred} role="alert" data-testid="page-failure">
      <p>{errorText(field) ?? failureText(error)}</p>
      {mayPass(error) ? (
        <Button onClick={onRetry} data-testid="page-retry">
          {intl.formatMessage({ id: 'state.retry' })}
        </Button>
      ) : null}
    </Card>
  );
}

/** The router's default error component: a retry loads the route again (its loader and its suspended queries). */
/** The router's default pending and error component in one (main.tsx loads it lazily, once): an error is a failure. */
export const RouteState = (props: Partial<ErrorComponentProps>) =>
  props.error ? <RouteFailure {...(props as ErrorComponentProps)} /> : <PagePending />;

function RouteFailure({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queries = useQueryErrorResetBoundary();
  // Queries that failed under suspense may run again once this screen is shown (TanStack Query's reset boundary).
  useEffect(() => queries.reset(), [queries]);
  return <PageFailure error={error} onRetry={() => void router.invalidate()} />;
}

/** What QueryState needs of a query result. */
interface QueryLike {
  data: unknown;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * What a page part whose data come without suspense (a report keeps its last rows on screen while the next page loads)
 * shows before it has them: the pending state, or a failure with a retry of what failed; nothing once it has them.
 */
export function QueryFallback({
  queries,
  back,
}: {
  queries: readonly QueryLike[];
  /** Under a failure (not found, refused): the way back to the list the page belongs to. */
  back?: ReactNode;
}) {
  const failed = queries.find((query) => query.error && query.data === undefined);
  if (failed)
    return (
      <>
        <PageFailure error={failed.error} onRetry={() => queries.forEach((query) => query.error && void query.refetch())} />
        {back ? <div>{back}</div> : null}
      </>
    );
  return queries.some((query) => query.data === undefined) ? <PagePending /> : null;
}

/** The same, with the part itself once every query has its data (given to `children`). */
export function QueryState<const Queries extends readonly QueryLike[]>(props: {
  queries: Queries;
  children: (data: { [Index in keyof Queries]: NonNullable<Queries[Index]['data']> }) => ReactNode;
}) {
  const { queries, children } = props;
  if (queries.some((query) => query.data === undefined)) return <QueryFallback queries={queries} />;
  return children(queries.map((query) => query.data) as { [Index in keyof Queries]: NonNullable<Queries[Index]['data']> });
}
