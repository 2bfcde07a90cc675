import { describe, expect, it } from 'vitest';
import { chosenListOf, chosenOf, listOf } from './StaffForm.tsx';

describe('a staff form’s values as the call’s body takes them', () => {
  const tags = ['student', 'studentPackage', 'educational'] as const;

  it('reads a select as one of its options', () => {
    expect(chosenOf('1', ['0', '1'] as const)).toBe('1');
    // The form holds one of the options; nothing else stands for the first.
    expect(chosenOf(undefined, ['0', '1'] as const)).toBe('0');
    expect(chosenOf(['1'], ['0', '1'] as const)).toBe('0');
  });

  it('reads a multi field as the values chosen, in the order chosen', () => {
    expect(listOf(['3', '1'])).toEqual(['3', '1']);
    expect(listOf('3')).toEqual([]);
    expect(listOf(undefined)).toEqual([]);
    expect(chosenListOf(['educational', 'student'], tags)).toEqual(['educational', 'student']);
    expect(chosenListOf(['student', 'teacher'], tags)).toEqual(['student']);
    expect(chosenListOf(true, tags)).toEqual([]);
  });
});
