import { describe, expect, it } from 'vitest';
import { activityCreate, activityUpdate } from '../../../contract/activity/schemas.ts';
import { firstRefusal, wholeOrNaN, wholeOrNull } from './contract-rules.ts';

describe('a staff form checked with the contract’s fields', () => {
  const fields = {
    priceFen: { field: 'price', message: ({ max }: { max: number }) => `至多 ${max / 100} 元` },
    capacity: {},
  };

  it('refuses what the field’s own rule refuses, under the form’s field, naming its bounds', () => {
    const shape = activityCreate.shape;
    expect(firstRefusal(shape, { priceFen: 10_000_001, capacity: 5 }, fields)).toEqual({
      field: 'price',
      message: '至多 100000 元',
    });
    // Without the form's wording, the contract's Chinese message.
    expect(firstRefusal(shape, { priceFen: 0, capacity: 100_001 }, fields)).toEqual({
      field: 'capacity',
      message: '不能大于 100000',
    });
    expect(firstRefusal(shape, { priceFen: 0, capacity: 1.5 }, fields)?.field).toBe('capacity');
    expect(firstRefusal(shape, { priceFen: 0, capacity: Number.NaN }, fields)?.field).toBe(
      'capacity',
    );
  });

  it('takes what the rules take, and leaves out the fields an edit does not send', () => {
    expect(
      firstRefusal(activityCreate.shape, { priceFen: 10_000_000, capacity: null }, fields),
    ).toBe(null);
    expect(firstRefusal(activityUpdate.shape, { id: 1, title: 'x' }, fields)).toBe(null);
  });
});

describe('a whole-number field as typed', () => {
  it('is its number; empty is null, or NaN where the call requires one; other text is NaN', () => {
    expect(wholeOrNull(' 42 ')).toBe(42);
    expect(wholeOrNull('')).toBeNull();
    expect(wholeOrNull('1.5')).toBeNaN();
    expect(wholeOrNaN('7')).toBe(7);
    expect(wholeOrNaN(' ')).toBeNaN();
    expect(wholeOrNaN('-1')).toBeNaN();
  });

  it('is refused by the contract’s rule under its field when it is not a number', () => {
    const shape = activityCreate.shape;
    expect(firstRefusal(shape, { capacity: wholeOrNaN('abc') }, { capacity: {} })?.field).toBe(
      'capacity',
    );
  });
});
