import { useState, type ChangeEvent } from 'react';
import {
  Button,
  ButtonGroup,
  Callout,
  Card,
  FileInput,
  NonIdealState,
  Tag,
} from '@blueprintjs/core';
import {
  ChevronBackwardIcon,
  ChevronForwardIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  HistoryIcon,
} from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { parseEventLog } from '../../streams/event-log-file.ts';
import {
  replayLog,
  verifyReplay,
  type ReplayResult,
  type ReplayVerdict,
} from '../../streams/replay.ts';
import { REPLAY_MACHINES } from '../app/replay-machines.ts';
import { actorsAtStep, formatStateValue } from './replay-model.ts';

interface LoadedLog {
  fileName: string;
  result: ReplayResult;
  verdicts: ReplayVerdict[];
}

/**
 * QA replay view (docs/architecture.md, "The event log and replay"): loads an exported event log
 * and steps through it. The log is folded through the machines' pure transitions in the browser;
 * nothing is sent.
 */
export default function ReplayPage() {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<LoadedLog | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [index, setIndex] = useState(0);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    void file.text().then(
      (text) => {
        try {
          const log = parseEventLog(text);
          const result = replayLog(log, REPLAY_MACHINES);
          setLoaded({ fileName: file.name, result, verdicts: verifyReplay(log, result) });
          setIndex(0);
          setError(null);
        } catch (thrown) {
          setLoaded(null);
          setError(thrown instanceof Error ? thrown.message : String(thrown));
        }
      },
      (thrown: unknown) => setError(String(thrown)),
    );
  };

  const steps = loaded?.result.steps ?? [];
  const step = steps[index];
  const last = Math.max(steps.length - 1, 0);

  return (
    <section className="xa-screen" aria-labelledby="screen-replay">
      <h1 id="screen-replay" className="xa-screen-title">
        {t('replay.title')}
      </h1>
      <p className="xa-muted">{t('replay.description')}</p>
      <FileInput
        text={loaded?.fileName ?? t('replay.chooseFile')}
        buttonText={t('replay.chooseFile')}
        inputProps={{ accept: 'application/json,.json', 'aria-label': t('replay.chooseFile') }}
        onInputChange={onFile}
      />
      {error ? (
        <Callout intent="danger" className="xa-section" role="alert">
          {t('replay.invalidFile', { message: error })}
        </Callout>
      ) : null}
      {loaded ? <ReplayVerification verdicts={loaded.verdicts} /> : null}
      {!step ? (
        <NonIdealState icon={<HistoryIcon size={48} />} title={t('replay.noFile')} />
      ) : (
        <>
          <div className="xa-replay-controls">
            <ButtonGroup>
              <Button
                icon={<ChevronBackwardIcon />}
                aria-label={t('replay.first')}
                disabled={index === 0}
                onClick={() => setIndex(0)}
              />
              <Button
                icon={<ChevronLeftIcon />}
                text={t('replay.previous')}
                disabled={index === 0}
                onClick={() => setIndex(index - 1)}
              />
              <Button
                endIcon={<ChevronRightIcon />}
                text={t('replay.next')}
                disabled={index >= last}
                onClick={() => setIndex(index + 1)}
              />
              <Button
                icon={<ChevronForwardIcon />}
                aria-label={t('replay.last')}
                disabled={index >= last}
                onClick={() => setIndex(last)}
              />
            </ButtonGroup>
            <span data-testid="replay-step">
              {t('replay.step', { step: index + 1, total: steps.length })}
            </span>
          </div>
          <Card className="xa-section">
            <div>
              {t('replay.event')}: <Tag minimal>{step.event.type}</Tag> · {t('replay.actor')}:{' '}
              {step.actor} · {t('replay.time')}: {new Date(step.at).toISOString()}
            </div>
            <pre>{JSON.stringify(step.event, null, 2)}</pre>
            {step.error ? <Callout intent="danger">{step.error}</Callout> : null}
          </Card>
          <div className="xa-replay-actors">
            {actorsAtStep(steps, index).map((actor) => (
              <Card key={actor.actor} elevation={actor.current ? 2 : 0}>
                <h3>
                  {actor.actor}{' '}
                  {actor.current ? <Tag intent="primary">{t('replay.event')}</Tag> : null}
                </h3>
                <div>
                  {t('replay.state')}: <code>{formatStateValue(actor.value)}</code>
                </div>
                <div>{t('replay.context')}:</div>
                <pre>{JSON.stringify(actor.context, null, 2)}</pre>
              </Card>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/** Whether the log alone reproduces the states recorded at export time. */
function ReplayVerification({ verdicts }: { verdicts: ReplayVerdict[] }) {
  const { t } = useTranslation();
  if (verdicts.length === 0) {
    return <Callout className="xa-section">{t('replay.unverified')}</Callout>;
  }
  const mismatched = verdicts.filter((v) => !v.matches).map((v) => v.actor);
  return mismatched.length === 0 ? (
    <Callout intent="success" className="xa-section" data-testid="replay-verdict">
      {t('replay.verified', { count: verdicts.length })}
    </Callout>
  ) : (
    <Callout intent="danger" className="xa-section" data-testid="replay-verdict">
      {t('replay.mismatch', { actors: mismatched.join(', ') })}
    </Callout>
  );
}
