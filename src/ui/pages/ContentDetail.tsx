import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../components/EmptyScreen.tsx';

export default function ContentDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <EmptyScreen page="contentDetail" description={t('pages.contentDetail.description', { id })} />
  );
}
