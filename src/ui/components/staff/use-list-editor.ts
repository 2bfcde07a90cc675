import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { isSettled, type QueryState } from '../../../streams/query-cache.ts';
import type { StaffWriteBody, StaffWriteCall } from '../../../machines/staff-edit/machine.ts';
import { submitStaffWrite } from '../../../machines/staff-edit/events.ts';
import { useRuntime } from '../../app/context.ts';

/**
 * An ordered list edited in a dialog and saved whole with one staff write (a unit's questions,
 * a course's units, a paper's or a homework's question set): the lines start from the saved
 * list once it is read afresh (not a cached copy a save has since outdated), a search with its
 * page picks what to add, and the dialog closes once its save is done. What the server refused
 * shows only after this dialog sent its save.
 */
export function useListEditor<Saved, Line>({
  saved,
  linesOf,
  onClose,
}: {
  saved: QueryState<Saved>;
  linesOf: (saved: Saved) => Line[];
  onClose: () => void;
}) {
  const { staffEdit } = useRuntime().actors;
  const [lines, setLines] = useState<Line[] | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [sent, setSent] = useState(false);
  const working = useSelector(staffEdit, (s) => s.matches('working'));
  const done = useSelector(staffEdit, (s) => s.matches('done'));
  const failed = useSelector(staffEdit, (s) => s.matches('failed'));
  const error = useSelector(staffEdit, (s) => s.context.error);
  const fieldErrors = useSelector(staffEdit, (s) => s.context.fieldErrors);

  useEffect(() => {
    if (lines === null && isSettled(saved)) setLines(linesOf(saved.data));
  }, [lines, saved, linesOf]);
  useEffect(() => {
    if (sent && done) onClose();
  }, [sent, done, onClose]);

  const current = lines ?? [];
  return {
    /** The lines, null until the saved list is read. */
    lines,
    /** The lines, empty until the saved list is read. */
    current,
    setLines,
    remove: (index: number) => setLines(current.filter((_, j) => j !== index)),
    search,
    page,
    setPage,
    /** A new search starts at its first page. */
    searchFor: (keyword: string) => {
      setSearch(keyword);
      setPage(0);
    },
    working,
    /** The last save of this dialog was refused; `error` says why. */
    refused: sent && failed,
    error,
    /** The server's refusals of this dialog's save under a body field (`questionIds`, `questionIds.3`). */
    refusalsOf: (field: string) =>
      sent ? fieldErrors.filter((f) => f.field.startsWith(field)) : [],
    save: <C extends StaffWriteCall>(call: C, body: StaffWriteBody<NoInfer<C>>) => {
      setSent(true);
      submitStaffWrite(staffEdit, call, body);
    },
  };
}
