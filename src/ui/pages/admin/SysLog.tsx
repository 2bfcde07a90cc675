import { SysLogList } from '../../components/staff/sys-log/SysLogList.tsx';

/** /admin/sys-log (issue 27 item 3): who did what on the platform, and how it ended. */
export default function AdminSysLogPage() {
  return <SysLogList />;
}
