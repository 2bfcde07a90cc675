import { StaffRoles } from '../../components/staff/permission/StaffRoles.tsx';
import '../../components/staff/permission/permission.css';

/** /manage/roles (issue 27 item 1): the organization's roles and what each grants. */
export default function ManageRolesPage() {
  return <StaffRoles scope="organization" />;
}
