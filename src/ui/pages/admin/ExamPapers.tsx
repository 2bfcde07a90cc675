import { StaffPapers } from '../../components/staff/exam/StaffPapers.tsx';

/** /admin/papers (issue 7 item 7): build papers from the bank; review organizations’ papers. */
export default function AdminExamPapersPage() {
  return <StaffPapers area="bms" />;
}
