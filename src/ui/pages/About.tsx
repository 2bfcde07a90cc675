import { useTranslation } from 'react-i18next';

export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <section className="xa-screen xa-prose" aria-labelledby="screen-about">
      <h1 id="screen-about" className="xa-screen-title">
        {t('pages.about.title')}
      </h1>
      <p>{t('pages.about.body')}</p>
    </section>
  );
}
