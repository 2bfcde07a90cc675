import { useTranslation } from 'react-i18next';
import { MyEnrollments } from '../components/exam/MyExamLists.tsx';
import { MyActivityRecords } from '../components/activity/MyActivityRecords.tsx';

/** ExamReport: the member's exams (issue 7 item 6) and activity records (issue 10). */
export default function ExamReportPage() {
  const { t } = useTranslation();
  return (
    <section className="xa-screen" aria-labelledby="screen-examReport">
      <h1 id="screen-examReport" className="xa-screen-title">
        {t('pages.examReport.title')}
      </h1>
      <MyEnrollments />
      <MyActivityRecords />
    </section>
  );
}
