import { useTranslation } from 'react-i18next';
import { MySittings } from '../components/exam/MyExamLists.tsx';

/** UserReport: the member's exams (issue 7 item 6). */
export default function UserReportPage() {
  const { t } = useTranslation();
  return (
    <section className="xa-screen" aria-labelledby="screen-userReport">
      <h1 id="screen-userReport" className="xa-screen-title">
        {t('pages.userReport.title')}
      </h1>
      <MySittings />
    </section>
  );
}
