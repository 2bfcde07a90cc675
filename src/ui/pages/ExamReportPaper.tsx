import { useTranslation } from 'react-i18next';
import { MySittings } from '../components/exam/MyExamLists.tsx';

/** ExamReportPaper: the member's exams (issue 7 item 6). */
export default function ExamReportPaperPage() {
  const { t } = useTranslation();
  return (
    <section className="xa-screen" aria-labelledby="screen-examReportPaper">
      <h1 id="screen-examReportPaper" className="xa-screen-title">
        {t('pages.examReportPaper.title')}
      </h1>
      <MySittings />
    </section>
  );
}
