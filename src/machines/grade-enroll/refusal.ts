/**
 * Why a class takes no enrollment now, from what the server says of it (`enrollable`, computed
 * with the server's clock, and the fields it follows from): the detail screen names the reason
 * instead of offering a button the server would refuse. The server decides; this only words it.
 */
import type { GradeItem } from '../../contract/grade/grades.ts';

export type EnrollRefusal = 'stopped' | 'notPublished' | 'ended' | 'notYet' | 'closed' | 'full';

type Facts = Pick<
  GradeItem,
  'enrollable' | 'state' | 'endTime' | 'enrollStartAt' | 'enrollEndAt' | 'seatsLeft'
>;

export function enrollRefusal(grade: Facts, now: number): EnrollRefusal | null {
  if (grade.enrollable) return null;
  if (grade.state === 'stopped') return 'stopped';
  if (grade.state !== 'published') return 'notPublished';
  const passed = (iso: string | null) => iso !== null && Date.parse(iso) <= now;
  if (passed(grade.endTime)) return 'ended';
  if (grade.enrollStartAt !== null && !passed(grade.enrollStartAt)) return 'notYet';
  if (passed(grade.enrollEndAt)) return 'closed';
  if (grade.seatsLeft === 0) return 'full';
  // The server's clock and ours disagree by a moment: the window is what has just closed.
  return 'closed';
}
