import { Teachers } from '../../components/staff/people/Teachers.tsx';
import '../../components/staff/classes/classes.css';

/** /manage/teachers (issue 8 items 2 and 6): teachers and teaching groups. */
export default function ManageTeachersPage() {
  return <Teachers />;
}
