import { useTranslation } from 'react-i18next';
import { MyHomeworkList } from '../components/homework/MyHomeworkList.tsx';

/** /user/homework: the member's homework (issue 8 item 5). */
export default function UserHomeworkPage() {
  const { t } = useTranslation();
  return (
    <section className="xa-screen" aria-labelledby="screen-userHomework">
      <h1 id="screen-userHomework" className="xa-screen-title">
        {t('pages.userHomework.title')}
      </h1>
      <MyHomeworkList />
    </section>
  );
}
