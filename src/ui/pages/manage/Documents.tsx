import { useTranslation } from 'react-i18next';
import { DocumentShelf } from '../../components/documents/DocumentShelf.tsx';

/**
 * /manage/documents (issue 9): the school's own notes, files and articles for its learners,
 * and the documents its teachers' students have published.
 */
export default function ManageDocumentsPage() {
  const { t } = useTranslation();
  return (
    <>
      <DocumentShelf
        area="edms"
        base={{ space: 'organization' }}
        heading={t('documents.organizationShelf')}
        testId="organization-documents"
      />
      <DocumentShelf
        area="edms"
        base={{ space: 'personal', state: 'published' }}
        heading={t('documents.studentsShelf')}
        testId="student-documents"
        readOnly
      />
    </>
  );
}
