import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  getInitialSnapshot,
  transition,
  type AnyEventObject,
} from 'xstate';
import type { PackageProblemPreview } from '../../contract/question/packages.ts';
import { createEventLog } from '../../streams/event-log.ts';
import { parseEventLog } from '../../streams/event-log-file.ts';
import { replayLog, verifyReplay } from '../../streams/replay.ts';
import { doneEvent, emittedBy, errorEvent } from '../test-support.ts';
import {
  questionPackagesMachine,
  type PackageImportRequest,
  type PackagePreviewAnswer,
  type QuestionPackagesEvent,
} from './machine.ts';
import {
  selectCanImport,
  selectImportBusy,
  selectImportError,
  selectImportMessages,
  selectImportStep,
  selectImportedCount,
} from './selectors.ts';

function problem(index: number, title: string): PackageProblemPreview {
  return {
    index,
    origin: `item ${index}`,
    title,
    timeLimitMs: 1000,
    memoryLimitMiB: 256,
    caseCount: 3,
    dataBytes: 24,
    checker: 'default',
    checkerName: '忽略行末空白比较',
    io: { mode: 'stdio' },
    ioText: '标准输入输出',
    interactive: false,
    scoring: 'sum',
    subtaskCount: 0,
    scoringText: '按测试点平均',
    samples: 1,
    tags: [],
    images: 0,
    solutions: [],
    referenceSolutions: [],
    warnings: [],
  };
}

const fps: PackagePreviewAnswer = {
  format: 'fps',
  formatName: 'FPS（HUSTOJ）',
  problems: [problem(1, '两数之和'), problem(2, '最大公约数'), problem(3, '闰年')],
};
const file = new File(['<fps/>'], 'hustoj.xml', { type: 'text/xml' });
const previewEvent: QuestionPackagesEvent = {
  type: 'PREVIEW',
  area: 'bms',
  file,
  fileName: 'hustoj.xml',
  fileSize: file.size,
};
const refusal = { message: '参数校验失败：file hustoj.xml 第 3 行：XML 格式错误', code: 40000 };
const fileRefusal = {
  ...refusal,
  data: { fields: [{ field: 'file', message: 'hustoj.xml 第 3 行：XML 格式错误' }] },
};

function run(events: (QuestionPackagesEvent | AnyEventObject)[]) {
  let snapshot = getInitialSnapshot(questionPackagesMachine);
  const actions: unknown[] = [];
  for (const event of events) {
    const [next, executed] = transition(
      questionPackagesMachine,
      snapshot,
      event as QuestionPackagesEvent,
    );
    snapshot = next;
    actions.push(...executed);
  }
  return { snapshot, actions, types: actions.map((a) => (a as { type: string }).type) };
}

describe('the package import', () => {
  it('previews, chooses every problem at first, and imports the chosen ones', () => {
    const previewed = run([previewEvent, doneEvent('preview', fps)]);
    expect(selectImportStep(previewed.snapshot)).toBe('previewed');
    expect(previewed.snapshot.context.chosen).toEqual([1, 2, 3]);
    expect(previewed.snapshot.context.fileName).toBe('hustoj.xml');

    const { snapshot, types, actions } = run([
      previewEvent,
      doneEvent('preview', fps),
      { type: 'TOGGLE', index: 2 },
      { type: 'IMPORT' },
    ]);
    expect(selectImportStep(snapshot)).toBe('importing');
    expect(selectImportBusy(snapshot)).toBe(true);
    expect(snapshot.context.chosen).toEqual([1, 3]);
    // The invoke goes out with the chosen items and the same file.
    const started = actions.find(
      (a) => (a as { type: string; params?: { id?: string } }).params?.id === 'importPackage',
    ) as { params: { input: PackageImportRequest } } | undefined;
    expect(types).toContain('xstate.spawnChild');
    expect(started?.params.input).toEqual({
      area: 'bms',
      file,
      fileName: 'hustoj.xml',
      items: [1, 3],
    });
  });

  it('keeps the chosen problems in package order, and can take all or none', () => {
    const { snapshot } = run([
      previewEvent,
      doneEvent('preview', fps),
      { type: 'TOGGLE', index: 1 },
      { type: 'TOGGLE', index: 3 },
      { type: 'TOGGLE', index: 1 },
    ]);
    expect(snapshot.context.chosen).toEqual([1, 2]);
    const none = run([previewEvent, doneEvent('preview', fps), { type: 'CHOOSE_ALL', all: false }]);
    expect(none.snapshot.context.chosen).toEqual([]);
    expect(selectCanImport(none.snapshot)).toBe(false);
    // Nothing chosen: IMPORT is refused by the guard, not sent with no items.
    const refused = run([
      previewEvent,
      doneEvent('preview', fps),
      { type: 'CHOOSE_ALL', all: false },
      { type: 'IMPORT' },
    ]);
    expect(selectImportStep(refused.snapshot)).toBe('previewed');
    const all = run([
      previewEvent,
      doneEvent('preview', fps),
      { type: 'CHOOSE_ALL', all: false },
      { type: 'CHOOSE_ALL', all: true },
    ]);
    expect(all.snapshot.context.chosen).toEqual([1, 2, 3]);
  });

  it('says what was imported, tells the lists, and emits the ids for the toast', () => {
    const { snapshot, types, actions } = run([
      previewEvent,
      doneEvent('preview', fps),
      { type: 'IMPORT' },
      doneEvent('importPackage', { ids: [41, 42, 43] }),
    ]);
    expect(selectImportStep(snapshot)).toBe('done');
    expect(selectImportedCount(snapshot)).toBe(3);
    expect(types).toContain('changed');
    expect(emittedBy(actions)).toEqual([{ type: 'imported', ids: [41, 42, 43] }]);
  });

  it('shows a refused package’s message and keeps the file chosen; another file starts over', () => {
    const failed = run([previewEvent, errorEvent('preview', fileRefusal)]);
    expect(selectImportStep(failed.snapshot)).toBe('failed');
    // A refusal naming its fields keeps their words, not the summary's wire path.
    expect(selectImportError(failed.snapshot)).toEqual({
      message: 'hustoj.xml 第 3 行：XML 格式错误',
      code: 40000,
    });
    // The refusal of `file` is shown as the server wrote it, without the summary's prefix.
    expect(selectImportMessages(failed.snapshot)).toEqual(['hustoj.xml 第 3 行：XML 格式错误']);
    expect(failed.snapshot.context).toMatchObject({
      fileName: 'hustoj.xml',
      failedStep: 'preview',
      preview: null,
    });
    expect(selectCanImport(failed.snapshot)).toBe(false);
    // IMPORT without a preview changes nothing.
    const stuck = run([previewEvent, errorEvent('preview', refusal), { type: 'IMPORT' }]);
    expect(selectImportStep(stuck.snapshot)).toBe('failed');

    const other = new File(['PK'], 'hydro.zip');
    const again = run([
      previewEvent,
      errorEvent('preview', refusal),
      { type: 'PREVIEW', area: 'bms', file: other, fileName: 'hydro.zip', fileSize: 2 },
    ]);
    expect(selectImportStep(again.snapshot)).toBe('previewing');
    expect(again.snapshot.context).toMatchObject({
      fileName: 'hydro.zip',
      error: null,
      failedStep: null,
    });
  });

  it('keeps the preview when the import is refused, so it may be tried again', () => {
    const { snapshot } = run([
      previewEvent,
      doneEvent('preview', fps),
      { type: 'IMPORT' },
      errorEvent('importPackage', { message: '题目「闰年」：编程题须给出时间限制', code: 40000 }),
    ]);
    expect(selectImportStep(snapshot)).toBe('failed');
    expect(snapshot.context.failedStep).toBe('import');
    expect(snapshot.context.preview).toEqual(fps);
    expect(selectCanImport(snapshot)).toBe(true);
    const retried = run([
      previewEvent,
      doneEvent('preview', fps),
      { type: 'IMPORT' },
      errorEvent('importPackage', refusal),
      { type: 'IMPORT' },
    ]);
    expect(selectImportStep(retried.snapshot)).toBe('importing');
    expect(retried.snapshot.context.error).toBeNull();
    // Without field refusals, the summary line is what there is to show.
    const plain = run([
      previewEvent,
      doneEvent('preview', fps),
      { type: 'IMPORT' },
      errorEvent('importPackage', { message: '服务器繁忙', code: 50300 }),
    ]);
    expect(selectImportMessages(plain.snapshot)).toEqual(['服务器繁忙']);
  });

  it('cannot be closed or given another file while an import is on the wire', () => {
    const { snapshot } = run([
      previewEvent,
      doneEvent('preview', fps),
      { type: 'IMPORT' },
      { type: 'RESET' },
      { ...previewEvent, fileName: 'other.xml' },
      { type: 'IMPORT' },
    ]);
    expect(selectImportStep(snapshot)).toBe('importing');
    expect(snapshot.context.fileName).toBe('hustoj.xml');
  });

  it('a second file during a preview replaces the first; closing forgets the file', () => {
    const { snapshot } = run([
      previewEvent,
      { type: 'PREVIEW', area: 'edms', file, fileName: 'b.zip', fileSize: 9 },
    ]);
    expect(selectImportStep(snapshot)).toBe('previewing');
    expect(snapshot.context).toMatchObject({ area: 'edms', fileName: 'b.zip' });
    const closed = run([previewEvent, doneEvent('preview', fps), { type: 'RESET' }]);
    expect(selectImportStep(closed.snapshot)).toBe('idle');
    expect(closed.snapshot.context).toMatchObject({ file: null, fileName: '', preview: null });
  });
});

describe('the package export', () => {
  const request = { type: 'EXPORT', area: 'bms', ids: [5, 6], format: 'fps' } as const;
  it('keeps the file name and what FPS could not carry', () => {
    const { snapshot } = run([
      request,
      doneEvent('exportPackage', {
        fileName: 'xinao-fps.xml',
        notes: ['题目「闰年」：FPS 无法携带子任务'],
      }),
    ]);
    expect(snapshot.matches({ export: 'exported' })).toBe(true);
    expect(snapshot.context.exported?.notes).toEqual(['题目「闰年」：FPS 无法携带子任务']);
    // The import region is untouched.
    expect(selectImportStep(snapshot)).toBe('idle');
  });

  it('takes one export at a time, shows a refusal, and is dismissed', () => {
    const busy = run([request, { ...request, ids: [7], format: 'hydro' }]);
    expect(busy.snapshot.context.exportRequest).toEqual({
      area: 'bms',
      ids: [5, 6],
      format: 'fps',
    });
    const failed = run([request, errorEvent('exportPackage', { message: '题目 6 不存在' })]);
    expect(failed.snapshot.matches({ export: 'failed' })).toBe(true);
    expect(failed.snapshot.context.exportError).toEqual({ message: '题目 6 不存在', code: null });
    const dismissed = run([
      request,
      errorEvent('exportPackage', { message: '题目 6 不存在' }),
      { type: 'EXPORT.DISMISS' },
    ]);
    expect(dismissed.snapshot.matches({ export: 'idle' })).toBe(true);
    expect(dismissed.snapshot.context.exportError).toBeNull();
  });
});

describe('the package log', () => {
  it('replays a live session exactly, the file logged by name and size', async () => {
    let clock = 1_000;
    const log = createEventLog({ now: () => clock++ });
    const emitted: number[][] = [];
    const actor = createActor(
      questionPackagesMachine.provide({
        actors: {
          preview: fromPromise(async () => fps),
          importPackage: fromPromise(async ({ input }) => ({
            ids: input.items.map((i) => 100 + i),
          })),
          exportPackage: fromPromise(async () => ({ fileName: 'x.zip', notes: [] as string[] })),
        },
      }),
      log.attachToActor('questionPackages'),
    ).start();
    actor.on('imported', ({ ids }) => emitted.push(ids));
    actor.send(previewEvent);
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'TOGGLE', index: 2 });
    actor.send({ type: 'IMPORT' });
    actor.send({ type: 'EXPORT', area: 'bms', ids: [101], format: 'hydro' });
    await new Promise((r) => setTimeout(r, 0));
    expect(emitted).toEqual([[101, 103]]);
    const json = log.exportLog({ questionPackages: actor });
    actor.stop();
    const exported = parseEventLog(json);
    const logged = exported.entries.find((e) => e.kind === 'event' && e.event.type === 'PREVIEW');
    expect(logged).toMatchObject({ event: { fileName: 'hustoj.xml', fileSize: file.size } });
    expect(
      verifyReplay(
        exported,
        replayLog(exported, { questionPackages: { machine: questionPackagesMachine } }),
      ),
    ).toEqual([{ actor: 'questionPackages', matches: true }]);
  });
});
