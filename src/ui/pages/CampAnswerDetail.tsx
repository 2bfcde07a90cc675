import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PublishedDocumentScreen } from '../components/documents/PublishedDocumentScreen.tsx';

/**
 * /camp/answer/detail/:id (issue 9, docs/product-rules.md#membership-cards "paid solution videos"):
 * a solution write-up with its code; a paid one opens with the card right solutionVideo, and says
 * so otherwise.
 */
export default function CampAnswerDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PublishedDocumentScreen id={id} back={{ to: '/camp', label: t('documents.backToCamp') }} />
  );
}
