import { NonIdealState } from '@blueprintjs/core';
import { InboxIcon } from '@blueprintjs/icons';

/** An empty list inside a screen: what is missing and what will appear here. */
export function EmptyState({ title, description }: { title: string; description: string }) {
  return <NonIdealState icon={<InboxIcon size={40} />} title={title} description={description} />;
}
