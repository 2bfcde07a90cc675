import { Button } from '@blueprintjs/core';
import { ArrowLeftIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useIdParam } from '../app/use-page-param.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { StudentRecord } from '../components/grade/StudentRecord.tsx';
import '../components/grade/grade.css';

/**
 * /chapter/student?memberId= (issue 8 item 5): a teacher's view of one student, reached from a
 * class roster. The route admits teachers and organization admins; which students they may read
 * is the server's rule (their own students; an organization admin their organization's).
 */
export default function ChapterStudentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const memberId = useIdParam('memberId');
  return (
    <section className="xa-screen xa-grade-student" aria-label={t('pages.chapterStudent.title')}>
      <Button
        variant="minimal"
        icon={<ArrowLeftIcon />}
        text={t('grade.student.back')}
        onClick={() => navigate(-1)}
      />
      {memberId === 0 ? (
        <EmptyState
          title={t('grade.student.noMember')}
          description={t('grade.student.noMemberHint')}
        />
      ) : (
        <StudentRecord memberId={memberId} />
      )}
    </section>
  );
}
