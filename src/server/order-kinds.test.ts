import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { activity } from '../contract/activity/calls.ts';
import { exam } from '../contract/exam/calls.ts';
import { grade } from '../contract/grade/calls.ts';
import { homework } from '../contract/homework/calls.ts';
import { ORDER_KINDS } from '../contract/order/calls.ts';
import { orderLifecycleOf } from '../machines/lifecycles/orders.ts';
import { enrollmentOrderKind } from './enrollment/order-kind.ts';
import { serverModules } from './modules.ts';
import { allOrderKinds } from './order-kinds.ts';
import { assembleOrderKinds, type DomainOrderKinds } from './orders/kinds.ts';

/** The kinds the orders table accepts: the last migration that sets orders_kind_check. */
function databaseOrderKinds(): string[] {
  const dir = new URL('./db/migrations/', import.meta.url);
  const checks = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .flatMap((f) => [
      ...readFileSync(new URL(f, dir), 'utf8').matchAll(
        /ADD CONSTRAINT orders_kind_check\s+CHECK \(kind IN \(([^)]*)\)\)/g,
      ),
    ]);
  const last = checks.at(-1);
  if (!last) throw new Error('no orders_kind_check in the migrations');
  return [...last[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

describe('order kinds assembled at the composition root', () => {
  it('gives every kind the contract and the database know exactly one behaviour', () => {
    expect(Object.keys(allOrderKinds).sort()).toEqual([...ORDER_KINDS].sort());
    expect(databaseOrderKinds().sort()).toEqual([...ORDER_KINDS].sort());
  });

  it("runs every kind's behaviour on the machine the screens show for it", () => {
    for (const kind of ORDER_KINDS) {
      expect(allOrderKinds[kind].lifecycle, kind).toBe(orderLifecycleOf(kind));
    }
  });

  it('refuses a table with a kind missing, doubled or unknown', () => {
    const domains: DomainOrderKinds[] = ORDER_KINDS.map((kind) => ({
      [kind]: allOrderKinds[kind],
    }));
    expect(() => assembleOrderKinds(domains)).not.toThrow();
    expect(() => assembleOrderKinds(domains.slice(1))).toThrow(
      `order kinds without a behaviour: ${ORDER_KINDS[0]}`,
    );
    expect(() => assembleOrderKinds([...domains, { exam: allOrderKinds.exam }])).toThrow(
      'order kind exam has two behaviours',
    );
    expect(() =>
      assembleOrderKinds([...domains, { lesson: allOrderKinds.exam } as DomainOrderKinds]),
    ).toThrow('unknown order kind lesson');
  });

  it('takes every kind from the modules, each module named once', () => {
    const names = serverModules.map((domain) => domain.name);
    expect(new Set(names).size).toBe(names.length);
    const fromModules = serverModules.flatMap((m) => m.orderKinds.flatMap((k) => Object.keys(k)));
    expect(fromModules.sort()).toEqual([...ORDER_KINDS].sort());
  });

  it('gives each enrollable kind the notify paths its payments have always named', () => {
    const paths = (paid: { path: string }, refund: { path: string }) => ({
      paid: paid.path,
      refund: refund.path,
    });
    expect(allOrderKinds.exam.notifyPaths).toEqual(
      paths(exam['examEnroll.paidNotify'], exam['examEnroll.refundNotify']),
    );
    expect(allOrderKinds.grade.notifyPaths).toEqual(
      paths(grade['grade.enroll.paidNotify'], grade['grade.enroll.refundNotify']),
    );
    expect(allOrderKinds.activity.notifyPaths).toEqual(
      paths(activity['bms.activityEnroll.paidNotify'], activity['bms.activityEnroll.refundNotify']),
    );
    expect(allOrderKinds.homework.notifyPaths).toEqual(
      paths(homework['bms.homeworkEnroll.paidNotify'], homework['bms.homeworkEnroll.refundNotify']),
    );
  });

  it('refuses an enrollable kind whose calls have no notify pair', () => {
    expect(() =>
      enrollmentOrderKind('exam', { bms: { paidNotify: exam['examEnroll.paidNotify'] } }),
    ).toThrow('order kind exam has no paidNotify and refundNotify calls');
  });
});
