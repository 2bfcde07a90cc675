import { PlatformUsers } from '../../components/staff/permission/PlatformUsers.tsx';

/** /admin/users (issue 27 item 2): the platform's own staff accounts. */
export default function AdminUsersPage() {
  return <PlatformUsers />;
}
