import { Button, Callout, NonIdealState } from '@blueprintjs/core';
import { ErrorIcon, RefreshIcon } from '@blueprintjs/icons';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from './chunks.ts';

/**
 * Route error element. A screen chunk that failed to load (docs/product-rules.md#errors) shows its
 * failure type and address with a retry; any other error shows its message. Retry reloads the page:
 * a failed dynamic import stays failed in the module map until the document is reloaded.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const retry = (
    <Button
      intent="primary"
      icon={<RefreshIcon />}
      text={t('app.retry')}
      onClick={() => window.location.reload()}
      data-testid="retry"
    />
  );
  if (isChunkLoadError(error)) {
    return (
      <section className="xa-screen" data-testid="chunk-error" role="alert">
        <NonIdealState
          icon={<ErrorIcon size={48} />}
          title={t('chunkError.title')}
          description={t('chunkError.description')}
          action={retry}
        />
        <Callout intent="danger" compact>
          <div>
            {t('chunkError.type', { type: t(`chunkError.kind.${error.kind}`), code: error.code })}
          </div>
          <div>
            {t('chunkError.address', {
              address: error.address ?? t('chunkError.unknownAddress'),
            })}
          </div>
        </Callout>
      </section>
    );
  }
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <section className="xa-screen" data-testid="route-error" role="alert">
      <NonIdealState
        icon={<ErrorIcon size={48} />}
        title={t('routeError.title')}
        description={t('routeError.description', { message })}
        action={retry}
      />
    </section>
  );
}
