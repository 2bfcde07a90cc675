/**
 * The bad-input property over every call of the contract (issue 13, item 3), first half, shard
 * 3 of 3: a valid input with exactly one defect is refused with a 4xx that names the defective
 * field, and refused requests change nothing in the database (tests/support/bad-input.ts). The
 * calls are shared over three files so both test workers carry them.
 */
import { describeRefusals } from '../support/bad-input.ts';

describeRefusals(3, 3);
