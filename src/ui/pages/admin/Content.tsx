import { useTranslation } from 'react-i18next';
import { DocumentShelf } from '../../components/documents/DocumentShelf.tsx';

/**
 * /admin/content (内容中心, issue 9): the platform's content-centre articles and the camp's
 * solution write-ups — Markdown with preview and images, tags, the paid flag of a write-up —
 * and, below, every member's published documents, which platform staff may take down.
 */
export default function AdminContentPage() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentShelf
        area="bms"
        base={{ space: 'platform' }}
        heading={t('documents.platformShelf')}
        testId="platform-documents"
      />
      <DocumentShelf
        area="bms"
        base={{ state: 'published', space: 'personal' }}
        heading={t('documents.moderationShelf')}
        testId="moderated-documents"
        readOnly
      />
    </>
  );
}
