import { StaffPapers } from '../../components/staff/exam/StaffPapers.tsx';

/** /manage/papers (issue 7 item 7): build papers from the bank. */
export default function ManageExamPapersPage() {
  return <StaffPapers area="edms" />;
}
