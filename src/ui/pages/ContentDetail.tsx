import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PublishedDocumentScreen } from '../components/documents/PublishedDocumentScreen.tsx';

/** /content-center/:id (issue 9): one published article, its Markdown sanitised. */
export default function ContentDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PublishedDocumentScreen
      id={id}
      back={{ to: '/content-center', label: t('documents.backToList') }}
    />
  );
}
