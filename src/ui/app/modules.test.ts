// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestRuntime } from '../test/test-runtime.tsx';
import { mineActivityEnrollment, staffActivity } from './activity-queries.ts';
import { aiChatMachine } from '../../machines/ai-chat/machine.ts';
import { examRoomMachine } from '../../machines/exam-room/machine.ts';
import { objectivePracticeMachine } from '../../machines/objective-practice/machine.ts';
import { practiceMachine } from '../../machines/practice/machine.ts';
import { rootMachinesOf, staleTagsByChange } from './client-module.ts';
import { orderPage } from './commerce-queries.ts';
import { CLIENT_MODULES } from './modules.ts';
import { memberAnswersTag } from './modules/practice.ts';
import { wrongPage } from './practice-queries.ts';
import { featureMachinesOf, loadReplayMachines } from './replay-machines.ts';
import { FEATURE_MACHINES, REPLAY_MACHINES, ROOT_MACHINES } from './root-machines.ts';

/** The names recorded logs carry: renaming one breaks replaying every log recorded before. */
const LOGGED_ROOT_ACTORS = [
  'startup',
  'loginDialog',
  'register',
  'membership',
  'session',
  'wechatScan',
  'wechatBind',
  'ssoSignIn',
  'toastQueue',
  'rollingNotice',
  'editorConfig',
  'device',
  'checkout',
  'orderActions',
  'staffOrderActions',
  'staffEdit',
  'questionPackages',
  'examEnroll',
  'gradeEnroll',
  'activityEnroll',
  'prizeClaim',
  'parentBinding',
  'childCheckout',
  'invitationAnswer',
];

/** The feature actors' kinds logs carry (`practice:12`), each with the machine it replays through. */
const LOGGED_FEATURE_KINDS = {
  practice: practiceMachine,
  playground: practiceMachine,
  objective: objectivePracticeMachine,
  examRoom: examRoomMachine,
  homeworkPractice: practiceMachine,
  homeworkObjective: objectivePracticeMachine,
  aiChat: aiChatMachine,
};

describe('the client modules', () => {
  it('give the runtime and replay the same root actors, under the names logs carry', () => {
    expect(Object.keys(createTestRuntime().actors)).toEqual(LOGGED_ROOT_ACTORS);
    expect(Object.keys(ROOT_MACHINES)).toEqual(LOGGED_ROOT_ACTORS);
  });

  it('refuse a root actor two modules log under one name', () => {
    const twice = { name: 'twice', machines: { checkout: ROOT_MACHINES.checkout! } };
    expect(() => rootMachinesOf([...CLIENT_MODULES, twice])).toThrow(/checkout/);
  });

  it('give replay the feature kinds logs carry, each with its machine', () => {
    expect(
      Object.fromEntries(
        Object.entries(FEATURE_MACHINES).map(([kind, { machine }]) => [kind, machine]),
      ),
    ).toEqual(LOGGED_FEATURE_KINDS);
  });

  it('give the replay view, once loaded, the same machines as Node code', async () => {
    expect(await loadReplayMachines()).toEqual(REPLAY_MACHINES);
    expect(new Set(Object.keys(REPLAY_MACHINES))).toEqual(
      new Set([...LOGGED_ROOT_ACTORS, ...Object.keys(LOGGED_FEATURE_KINDS)]),
    );
  });

  it('keep the awaited record out of the browser, whose bundle a top-level await splits', () => {
    const ui = path.resolve(import.meta.dirname, '..');
    const importers = readdirSync(ui, { recursive: true, encoding: 'utf8' }).filter(
      (file) =>
        /\.tsx?$/.test(file) &&
        !/\.test\.tsx?$/.test(file) &&
        /(from |import\()'[^']*\/rootMachines\.ts'/.test(readFileSync(path.join(ui, file), 'utf8')),
    );
    expect(importers).toEqual([]);
  });

  it('refuse a feature kind two modules declare', async () => {
    const again = { name: 'again', featureKinds: { practice: async () => practiceMachine } };
    await expect(featureMachinesOf([...CLIENT_MODULES, again])).rejects.toThrow(/practice/);
  });

  it('say which reads each change makes stale', () => {
    expect(Object.fromEntries(staleTagsByChange(CLIENT_MODULES))).toEqual({
      // A purchase may open units and questions, whose lists are read with the member's answers.
      purchase: ['commerce', 'memberAnswers'],
      familyChange: ['family'],
      // The site's texts, banners and dictionaries are public reads a staff write may change.
      staffChange: ['staff', 'site'],
    });
  });

  it('refuse a tag two modules declare', () => {
    const again = { name: 'again', queryTags: { commerce: [] } };
    expect(() => staleTagsByChange([...CLIENT_MODULES, again])).toThrow(/commerce/);
  });
});

describe('reads that move with the member’s answers', () => {
  it('are the answers’ own and the learner’s activity reads, nothing else', () => {
    const runtime = createTestRuntime();
    const moves = (query: { tags?: readonly string[] }) =>
      query.tags?.includes(memberAnswersTag) ?? false;
    expect(moves(wrongPage(runtime, 0))).toBe(true);
    expect(moves(mineActivityEnrollment(runtime, 3))).toBe(true);
    expect(moves(orderPage(runtime, 0))).toBe(false);
    expect(moves(staffActivity(runtime, 'bms', 3))).toBe(false);
  });
});
