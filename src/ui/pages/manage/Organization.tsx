import { OrganizationDesk } from '../../components/staff/organizations/OrganizationDesk.tsx';

/** /manage/organization (issue 25 item 4): the organization's settings and applications to open one. */
export default function ManageOrganizationPage() {
  return <OrganizationDesk />;
}
