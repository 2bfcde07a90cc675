import { Blacklist } from '../../components/staff/blacklist/Blacklist.tsx';

/** /admin/blacklist (issue 27 item 6): who may not sign in, why, and until when. */
export default function AdminBlacklistPage() {
  return <Blacklist />;
}
