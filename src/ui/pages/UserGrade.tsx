import { useTranslation } from 'react-i18next';
import { MyClasses } from '../components/grade/MyClasses.tsx';

/**
 * /user/grade, "the user's classes", and /user/class, "my classes"
 * (docs/product-rules.md#screens-and-routes): the product names one list twice, so both routes show
 * this one screen (UserClass.tsx renders it too) rather than two screens that would drift apart.
 */
export default function UserGradePage() {
  const { t } = useTranslation();
  return (
    <section className="xa-screen" aria-labelledby="screen-userGrade">
      <h1 id="screen-userGrade" className="xa-screen-title">
        {t('pages.userGrade.title')}
      </h1>
      <MyClasses />
    </section>
  );
}
