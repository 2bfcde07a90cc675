import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function CampAnswerDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <EmptyScreen
      page="campAnswerDetail"
      description={t('pages.campAnswerDetail.description', { id })}
    />
  );
}
