import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function ActivityPackagesPage() {
  return <EmptyScreen page="activityPackages" />;
}
