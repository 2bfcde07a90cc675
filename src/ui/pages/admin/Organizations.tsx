import { OrganizationReview } from '../../components/staff/organizations/OrganizationReview.tsx';

/** /admin/organizations (issue 8 item 6): applications to open an organization, and the rest. */
export default function AdminOrganizationsPage() {
  return <OrganizationReview />;
}
