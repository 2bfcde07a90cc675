import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createEventLog } from '../../streams/event-log.ts';
import { parseEventLog } from '../../streams/event-log-file.ts';
import { replayLog, verifyReplay } from '../../streams/replay.ts';
import type { AwardItem } from '../../contract/activity-prize/calls.ts';
import { prizeClaimMachine, type PrizeClaim } from './machine.ts';

const settle = () => new Promise((r) => setTimeout(r, 0));
const award = { id: 3, state: 'addressed' } as AwardItem;
const address = {
  id: 3,
  recipient: '张同学',
  mobile: '13800001111',
  provinceCode: '110000',
  cityCode: '110000',
  districtCode: '110101',
  detail: '东城区某街 1 号',
};

describe('a learner acting on a prize', () => {
  it('sends the address once, keeps the answer and says the prize changed', async () => {
    const seen: PrizeClaim[] = [];
    let changed = 0;
    const actor = createActor(
      prizeClaimMachine.provide({
        actors: {
          claim: fromPromise(async ({ input }) => {
            seen.push(input);
            return award;
          }),
        },
        actions: { changed: () => void (changed += 1) },
      }),
    ).start();
    actor.send({ type: 'ADDRESS', awardId: 3, address });
    actor.send({ type: 'ADDRESS', awardId: 3, address });
    expect(actor.getSnapshot().matches('working')).toBe(true);
    await settle();
    expect(seen).toEqual([{ kind: 'address', awardId: 3, address }]);
    expect(actor.getSnapshot().matches('done')).toBe(true);
    expect(actor.getSnapshot().context.award).toBe(award);
    expect(changed).toBe(1);
  });

  it('keeps the fields the server refused under the form’s names, and the refusal', async () => {
    const refusal = Object.assign(new Error('参数校验失败'), {
      code: 40000,
      data: { fields: [{ field: 'body.districtCode', message: '区县代码 449999 不属于深圳市' }] },
    });
    const actor = createActor(
      prizeClaimMachine.provide({
        actors: { claim: fromPromise(() => Promise.reject(refusal)) },
      }),
    ).start();
    actor.send({ type: 'ADDRESS', awardId: 3, address: { ...address, districtCode: '449999' } });
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual([
      { field: 'districtCode', message: '区县代码 449999 不属于深圳市' },
    ]);
    actor.send({ type: 'COLLECT', awardId: 3 });
    expect(actor.getSnapshot().context).toMatchObject({
      last: { kind: 'collect', awardId: 3 },
      error: null,
      fieldErrors: [],
    });
  });

  it('exports without the address, and the scrubbed log still replays to the same state', async () => {
    let clock = 1_000;
    const log = createEventLog({ now: () => clock++ });
    const actor = createActor(
      prizeClaimMachine.provide({
        actors: {
          claim: fromPromise(
            async () =>
              ({
                ...award,
                recipient: '张同学',
                mobile: '13800001111',
                regionNames: '北京市 东城区',
                addressDetail: '东城区某街 1 号',
                addressedAt: '2026-11-20T08:00:00.000Z',
              }) as AwardItem,
          ),
        },
      }),
      log.attachToActor('prizeClaim'),
    ).start();
    actor.send({ type: 'ADDRESS', awardId: 3, address });
    await settle();
    const json = log.exportLog({ prizeClaim: actor });
    actor.stop();
    for (const personal of ['张同学', '13800001111', '东城区某街', '北京市 东城区'])
      expect(json).not.toContain(personal);
    // When it was addressed is not the address: it stays for QA.
    expect(json).toContain('2026-11-20T08:00:00.000Z');
    const exported = parseEventLog(json);
    expect(
      verifyReplay(exported, replayLog(exported, { prizeClaim: { machine: prizeClaimMachine } })),
    ).toEqual([{ actor: 'prizeClaim', matches: true }]);
  });
});
