import { ResourceTree } from '../../components/staff/permission/ResourceTree.tsx';
import '../../components/staff/permission/permission.css';

/** /admin/resources (issue 27 item 1, 资源管理): the permission tree's names and order. */
export default function AdminResourcesPage() {
  return <ResourceTree />;
}
