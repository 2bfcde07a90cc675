import { ClassDesk } from '../../components/staff/classes/ClassDesk.tsx';
import { useIdParam } from '../../app/use-page-param.ts';
import '../../components/exam/exam.css';
import '../../components/staff/classes/classes.css';

/** /admin/classes/desk?id= (issue 8 item 6): one class — figures, roster, enrollment, controls. */
export default function AdminClassDeskPage() {
  return <ClassDesk area="bms" id={useIdParam()} />;
}
