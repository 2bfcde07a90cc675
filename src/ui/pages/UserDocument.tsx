import { useTranslation } from 'react-i18next';
import { DocumentShelf } from '../components/documents/DocumentShelf.tsx';

/**
 * /user/document (我的文档, issue 9): the learner's own notes and files — write a note in
 * Markdown with its preview, upload a file, publish it to their teachers, delete it.
 */
export default function UserDocumentPage() {
  const { t } = useTranslation();
  return (
    <section className="xa-screen" aria-labelledby="screen-userDocument">
      <h1 id="screen-userDocument" className="xa-screen-title">
        {t('documents.mine')}
      </h1>
      <DocumentShelf
        area="oj"
        base={{ mine: true }}
        heading={t('documents.mineShelf')}
        testId="my-documents"
      />
    </section>
  );
}
