import { StaffRoles } from '../../components/staff/permission/StaffRoles.tsx';
import '../../components/staff/permission/permission.css';

/** /admin/roles (issue 27 item 1): platform roles, and every organization's. */
export default function AdminRolesPage() {
  return <StaffRoles scope="platform" />;
}
