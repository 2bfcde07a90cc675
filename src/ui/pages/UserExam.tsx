import { useTranslation } from 'react-i18next';
import { MyEnrollments } from '../components/exam/MyExamLists.tsx';

/** UserExam: the member's exams (issue 7 item 6). */
export default function UserExamPage() {
  const { t } = useTranslation();
  return (
    <section className="xa-screen" aria-labelledby="screen-userExam">
      <h1 id="screen-userExam" className="xa-screen-title">
        {t('pages.userExam.title')}
      </h1>
      <MyEnrollments />
    </section>
  );
}
